#!/usr/bin/env bash
# Builds the API reference of the three libraries other code is written on (TouchKit, Rendering and
# Wayland) as one static web site, with the Swift toolchain alone: the compiler writes each
# module's symbol graph while it builds the module, and the toolchain's own `docc` turns the
# graphs and the modules' .docc catalogues into pages. No documentation plugin
# (swift-docc-plugin) is added to Package.swift or fetched for it.
#
#   scripts/build-docs.sh          # the site in .build/docs
#   scripts/build-docs.sh DIR      # the site in DIR (or DOCS_OUTPUT=DIR)
#   DOCS_HOSTING_BASE=/touchcanvas/api scripts/build-docs.sh   # for a site served below a path
#
# docc runs with --warnings-as-errors: a ``link`` in a doc comment or an article that names
# nothing fails the run instead of turning into plain text on the page. SWIFT picks the toolchain,
# as in the Makefile; docc is the one next to it.
set -euo pipefail

output=${1:-${DOCS_OUTPUT:-}}
if [[ -n $output && $output != /* ]]; then output=$PWD/$output; fi
cd "$(dirname "$0")/.."
output=${output:-$PWD/.build/docs}
# The path the output folder is served at, "" for the root of the server: DocC's pages load
# their scripts and data by absolute paths, so each module's pages must know where they live.
base=${DOCS_HOSTING_BASE:-}
base=${base%/}
if [[ -n $base && $base != /* ]]; then base=/$base; fi

swift=${SWIFT:-swift}
docc=$(dirname "$(readlink -f "$(command -v "$swift")")")/docc
if [[ ! -x $docc ]]; then
    echo "build-docs: no docc next to $swift (looked for $docc)" >&2
    exit 1
fi

# A build folder of its own: the symbol graph flags differ from a normal build's, and sharing
# .build would make each of the two rebuild every module after the other.
scratch=.build-docs
# Kept between runs: the compiler writes a module's graphs only when it compiles the module, so
# after an incremental build that skipped one, its graph from the last run is the current one.
graphs=$PWD/$scratch/symbol-graphs
mkdir -p "$graphs" "$output"

# Only the three libraries, what they import and the generator Wayland's plugin runs are
# compiled, not the app, the scripted compositor or the tests (`swift package dump-symbol-graph`
# would build them all). Rendering brings TouchKit along: it depends on it.
for target in Rendering Wayland; do
    "$swift" build --scratch-path "$scratch" --target "$target" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"
done

for module in TouchKit Rendering Wayland; do
    slug=$(tr '[:upper:]' '[:lower:]' <<< "$module")
    graph=$graphs/$module.symbols.json
    if [[ ! -f $graph ]]; then
        echo "build-docs: the build wrote no $graph; remove $scratch and run again" >&2
        exit 1
    fi
    # docc documents every module whose graph it is given: each run gets its own module's graph
    # and the graphs of its extensions to other modules' types (TouchKit@Swift…), not those of
    # the modules it imports, which would otherwise appear as pages of their own.
    input=$PWD/$scratch/docc-input/$module
    rm -rf "$input"
    mkdir -p "$input"
    cp "$graph" "$input/"
    for extension in "$graphs/$module@"*.symbols.json; do
        # The compiler writes these together with the module's graph: one older than it is left
        # over from an extension that has since been removed.
        if [[ -f $extension && ! $extension -ot $graph ]]; then cp "$extension" "$input/"; fi
    done

    rm -rf "${output:?}/$slug"
    (
        set -x
        "$docc" convert "Sources/$module/$module.docc" \
            --additional-symbol-graph-dir "$input" \
            --output-path "$output/$slug" \
            --fallback-display-name "$module" \
            --fallback-bundle-identifier "io.github.touchcanvas.$module" \
            --fallback-default-module-kind Library \
            --transform-for-static-hosting \
            --hosting-base-path "$base/$slug" \
            --warnings-as-errors
    )
    # DocC's page at the top of a module's folder is its web app with no page to show ("The page
    # you're looking for can't be found"): send a visitor there on to the module's own page.
    cat > "$output/$slug/index.html" <<HTML
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="0; url=documentation/$slug/">
<title>$module</title>
</head>
<body><p><a href="documentation/$slug/">$module</a></p></body>
</html>
HTML
done

# DocC makes one site per module; this page is the way in to all three.
cat > "$output/index.html" <<'HTML'
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>TouchCanvas libraries</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem;
         line-height: 1.5; color: #1d1d1f; }
  dt { font-size: 1.2rem; margin-top: 1.2rem; }
  dd { margin: 0.2rem 0 0 0; }
</style>
</head>
<body>
<h1>TouchCanvas libraries</h1>
<dl>
  <dt><a href="touchkit/documentation/touchkit/">TouchKit</a></dt>
  <dd>UIKit's touch model for Swift apps on Wayland: touches with phases, views and the
      responder chain, gesture recognizers and animations. Pure Swift, no display needed.</dd>
  <dt><a href="rendering/documentation/rendering/">Rendering</a></dt>
  <dd>Draws a TouchKit view tree with cairo into pixel buffers, repainting only what changed,
      and keeps persistent ink.</dd>
  <dt><a href="wayland/documentation/wayland/">Wayland</a></dt>
  <dd>Typed Swift bindings for the Wayland protocols, generated at build time, with the
      connection, event loop and shared-memory buffers a client needs.</dd>
</dl>
</body>
</html>
HTML

echo
echo "Documentation built in $output."
if [[ -z $base ]]; then
    echo "DocC's pages load their content over HTTP, so serve the folder rather than opening the files:"
    echo "    python3 -m http.server --directory \"$output\" 8000"
    echo "then open http://localhost:8000/"
else
    echo "Its pages expect to be served at $base/ (DOCS_HOSTING_BASE): publish the folder there."
fi
