# fish completion for feed-comments(1), the Essential Feed toolset's comments
# mapper and presenter. Installed as share/fish/vendor_completions.d/feed-comments.fish.

complete -c feed-comments -f # no operands
complete -c feed-comments -l pretty -d 'Indent the documents for people'
complete -c feed-comments -l format -x -a 'json\t"Comments documents (default)" text\t"Username, how long ago, message" jsonl\t"Each comment as one JSON object a line" tsv\t"Each comment as one line of tab-separated fields"' -d 'Output format'
complete -c feed-comments -s o -l output -r -F -d 'Write to FILE, whole, renamed over it on success'
complete -c feed-comments -s h -l help -d 'Show the help and exit'
complete -c feed-comments -l version -d 'Show the version and exit'
