# fish completion for feed-cache(1), the Essential Feed toolset's local feed and
# image data loaders. Installed as share/fish/vendor_completions.d/feed-cache.fish.

# The subcommand path typed so far ("", "save", "image", "image load"...),
# skipping options and their values.
function __feed_cache_path
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l path
    set -l skip 0
    set -l ended 0
    for token in $tokens
        if test $skip -eq 1
            set skip 0
            continue
        end
        if test $ended -eq 0
            switch $token
                case --
                    set ended 1
                    continue
                case --cache-dir --max-age --format --max-size -o --output
                    set skip 1
                    continue
                case '-*'
                    continue
            end
        end
        set -a path $token
    end
    echo (string join ' ' -- $path)
end

# True if the path typed so far is one of the arguments ("" for none yet).
function __feed_cache_at
    contains -- (__feed_cache_path) $argv
end

# True unless the subcommand typed so far reads no cached feed, and so has
# no --max-age: image, image save, image load.
function __feed_cache_reads_age
    set -l path (string split ' ' -- (__feed_cache_path))
    test "$path[1]" != image; or test "$path[2]" = missing
end

# True where the subcommand typed so far writes output, and so takes -o:
# save, load, image missing, and image load before or after its URL.
function __feed_cache_writes_output
    set -l path (string split ' ' -- (__feed_cache_path))
    switch "$path[1]"
        case save load
            test (count $path) -eq 1
        case image
            if test "$path[2]" = load
                test (count $path) -le 3
            else
                test "$path[2]" = missing; and test (count $path) -eq 2
            end
        case '*'
            return 1
    end
end

complete -c feed-cache -f

# Subcommands.
complete -c feed-cache -n '__feed_cache_at ""' -a save -d 'Replace the cached feed with the feed documents on stdin'
complete -c feed-cache -n '__feed_cache_at ""' -a load -d 'Write the cached feed, if younger than the max age'
complete -c feed-cache -n '__feed_cache_at ""' -a validate -d 'Delete the cached feed if unreadable or expired'
complete -c feed-cache -n '__feed_cache_at ""' -a status -d 'Say how the cache and its refresh are doing'
complete -c feed-cache -n '__feed_cache_at ""' -a image -d 'Save, load or list missing cached image data'
complete -c feed-cache -n '__feed_cache_at image' -a save -d 'Store the bodies of the response records on stdin'
complete -c feed-cache -n '__feed_cache_at image' -a load -d 'Write the cached image data for a URL'
complete -c feed-cache -n '__feed_cache_at image' -a missing -d 'Write the cached items whose image data is not cached'

# Options accepted before and after the subcommand.
complete -c feed-cache -l cache-dir -x -a '(__fish_complete_directories)' -d 'The cache directory'
complete -c feed-cache -n __feed_cache_reads_age -l max-age -x -d 'How old a feed may be: 90s, 15m, 36h, 7d, 1d12h (default 7d)'
complete -c feed-cache -s h -l help -d 'Show the help and exit'
complete -c feed-cache -n '__feed_cache_at ""' -l version -d 'Show the version and exit'

# Options of some subcommands only.
complete -c feed-cache -n '__feed_cache_at save' -s q -l quiet -d 'Write nothing on stdout'
complete -c feed-cache -n '__feed_cache_at save' -l max-size -x -d 'Most input read, e.g. 64M, 2G (default 1G)'
complete -c feed-cache -n '__feed_cache_at save' -l append -d 'Load more: the cached items first, then the input'
complete -c feed-cache -n '__feed_cache_at save load "image missing"' -l pretty -d 'Indent the feed for people'
complete -c feed-cache -n '__feed_cache_at save load' -l format -x -a 'json\t"The feed document (default)" text\t"A readable list" jsonl\t"Each item as one JSON object a line" tsv\t"Each item as one line of tab-separated fields" ids\t"The id of each item, one a line" html\t"One page with the cached images, for a browser"' -d 'Output format'
complete -c feed-cache -n '__feed_cache_at status' -l format -x -a 'text\t"A few lines for people (default)" json\t"One JSON object"' -d 'Report format'
complete -c feed-cache -n __feed_cache_writes_output -s o -l output -r -F -d 'Write to FILE, whole, renamed over it on success'
