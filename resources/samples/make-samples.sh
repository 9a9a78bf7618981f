#!/bin/sh
# Regenerates the sample media files the composer offers for one-click sends (composer.samples).
# Needs ffmpeg (Debian: apt-get install ffmpeg, built with libx264, libmp3lame, no AMR encoder: make-amr.mjs writes that one) and
# Node. Each file is small (a few KB), real (decodable, not just a header) and recognised by
# file-type from its bytes; test/unit/composer/samples.test.ts checks that.
set -eu
cd "$(dirname "$0")"
ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }
ff -f lavfi -i testsrc=size=96x64:rate=1 -frames:v 1 -q:v 5 sample.jpg
ff -f lavfi -i testsrc=size=96x64:rate=1 -frames:v 1 sample.png
ff -f lavfi -i testsrc=size=96x64:rate=1 -frames:v 1 sample.gif
ff -f lavfi -i testsrc=size=96x64:rate=10 -t 1 -c:v libx264 -pix_fmt yuv420p -preset veryslow -crf 40 \
  -movflags +faststart -brand isom sample.mp4
ff -f lavfi -i sine=frequency=440:sample_rate=22050 -t 1 -ac 1 -c:a libmp3lame -b:a 32k sample.mp3
node make-amr.mjs > sample.amr
node make-pdf.mjs > sample.pdf
ls -l sample.*
