# fish completion for feed-fetch(1), the Essential Feed toolset's HTTP client.
# Installed as share/fish/vendor_completions.d/feed-fetch.fish.

complete -c feed-fetch -f # the operands are URLs, not files
complete -c feed-fetch -s j -l jobs -x -d 'Fetch N URLs at once (default 1)'
complete -c feed-fetch -l timeout -x -d 'Give up on a transfer after SECONDS (default 60)'
complete -c feed-fetch -l max-size -x -d 'Largest body accepted, e.g. 512K, 64M (default 64M)'
complete -c feed-fetch -l pretty -d 'Indent the records for people'
complete -c feed-fetch -s h -l help -d 'Show the help and exit'
complete -c feed-fetch -l version -d 'Show the version and exit'
