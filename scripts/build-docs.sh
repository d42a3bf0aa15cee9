#!/usr/bin/env bash
# Builds the API reference of the three libraries other code is written on (TouchKit, Rendering and
# Wayland) as one static web site, with the Swift toolchain alone: swift-symbolgraph-extract reads
# each module's symbol graph from the release build, and the toolchain's own `docc` turns the
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

# The graphs are read from the release build's compiled modules (`make release`, which
# `make docs` runs first and which the install, the package and the tarball use too), so
# nothing is compiled again here. swift-symbolgraph-extract loads a module as an importer
# would: it needs the folders of the C modules it imports and their headers' own folders.
release=$PWD/.build/release
if [[ ! -d $release/Modules ]]; then
    echo "build-docs: no release build in $release; run make release first" >&2
    exit 1
fi
extract=$(dirname "$(readlink -f "$(command -v "$swift")")")/swift-symbolgraph-extract
scratch=$PWD/.build/docs-work
graphs=$scratch/symbol-graphs
rm -rf "$graphs"
mkdir -p "$graphs" "$output"
search=(-I "$release/Modules")
for map in Sources/C*/module.modulemap; do search+=(-I "$(dirname "$map")"); done
for map in "$release"/*.build/module.modulemap; do
    [[ -f $map ]] || continue
    target=$(basename "$(dirname "$map")" .build)
    search+=(-Xcc "-fmodule-map-file=$map" -Xcc -I -Xcc "$PWD/Sources/$target/include")
done
for flag in $(pkg-config --cflags-only-I cairo wayland-client wayland-server wayland-cursor xkbcommon libdecor-0); do
    search+=(-Xcc "$flag")
done
for module in TouchKit Rendering Wayland; do
    "$extract" -module-name "$module" -target "$(uname -m)-unknown-linux-gnu" "${search[@]}" -output-dir "$graphs"
done

for module in TouchKit Rendering Wayland; do
    slug=$(tr '[:upper:]' '[:lower:]' <<< "$module")
    graph=$graphs/$module.symbols.json
    if [[ ! -f $graph ]]; then
        echo "build-docs: swift-symbolgraph-extract wrote no $graph" >&2
        exit 1
    fi
    # docc documents every module whose graph it is given: each run gets its own module's graph
    # and the graphs of its extensions to other modules' types (TouchKit@Swift…), not those of
    # the modules it imports, which would otherwise appear as pages of their own.
    input=$scratch/docc-input/$module
    rm -rf "$input"
    mkdir -p "$input"
    cp "$graph" "$input/"
    for extension in "$graphs/$module@"*.symbols.json; do
        if [[ -f $extension ]]; then cp "$extension" "$input/"; fi
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
