# fish completion for feed-fetch(1), the Essential Feed toolset's HTTP client.
# Installed as share/fish/vendor_completions.d/feed-fetch.fish.

complete -c feed-fetch -f # the operands are URLs, not files
complete -c feed-fetch -s j -l jobs -x -d 'Fetch N URLs at once (default 1)'
complete -c feed-fetch -s H -l header -x -d 'Send this header on every request (or @FILE)'
complete -c feed-fetch -l retry -x -d 'Try again up to N times on connectivity failures and 408/429/5xx'
complete -c feed-fetch -l timeout -x -d 'Give up on a transfer after SECONDS (default 60)'
complete -c feed-fetch -l connect-timeout -x -d 'Give up on connecting after SECONDS'
complete -c feed-fetch -l max-size -x -d 'Largest body accepted, e.g. 512K, 64M (default 64M)'
complete -c feed-fetch -l cacert -r -F -d 'Trust the CAs in FILE (PEM) instead of the system CAs'
complete -c feed-fetch -l paginate -d 'Follow the feed pages from one URL, setting after_id'
complete -c feed-fetch -l max-pages -x -d 'With --paginate, stop after N pages (default 100)'
complete -c feed-fetch -l if-changed -d 'Ask whether the feed at URL changed since the cache saved it'
complete -c feed-fetch -l cache-dir -x -a '(__fish_complete_directories)' -d 'With --if-changed, the cache to read'
complete -c feed-fetch -l pretty -d 'Indent the records for people'
complete -c feed-fetch -s v -l verbose -d 'Show the head of every request and response on stderr, secrets hidden'
complete -c feed-fetch -s o -l output -r -F -d 'Write to FILE, whole, renamed over it on success'
complete -c feed-fetch -s h -l help -d 'Show the help and exit'
complete -c feed-fetch -l version -d 'Show the version and exit'
