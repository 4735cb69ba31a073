# fish completion for feed-map(1), the Essential Feed toolset's feed mapper.
# Installed as share/fish/vendor_completions.d/feed-map.fish.

complete -c feed-map -f # no operands
complete -c feed-map -l schema -x -a 'images\t"The Essential Feed image feed (default)" spots\t"Items with an author and a count of likes"' -d 'Item model of the payload'
complete -c feed-map -l pretty -d 'Indent the documents for people'
complete -c feed-map -l format -x -a 'json\t"Feed documents (default)" text\t"A readable list" jsonl\t"Each item as one JSON object a line" tsv\t"Each item as one line of tab-separated fields"' -d 'Output format'
complete -c feed-map -l max-size -x -d 'Most input read, e.g. 64M, 2G (default 1G)'
complete -c feed-map -s o -l output -r -F -d 'Write to FILE, whole, renamed over it on success'
complete -c feed-map -s h -l help -d 'Show the help and exit'
complete -c feed-map -l version -d 'Show the version and exit'
