#!/usr/bin/env bash
# The Debian packages the toolkit uses, installed in one place: by .ci/run (what the tests use as real
# peers and independent readers) and by the Dockerfile (what the server runs). Packages already there
# are skipped. Usage:
#   scripts/install-system-packages.sh runtime [--with-libreoffice]   # the server's engines and fonts
#   scripts/install-system-packages.sh ci                               # runtime + LibreOffice + test peers
set -euo pipefail

kind=${1:-}
shift || true
with_office=false
for arg in "$@"; do
  case "$arg" in
    --with-libreoffice) with_office=true ;;
    *) echo "unknown option: $arg" >&2; exit 2 ;;
  esac
done

# ffmpeg: the system one is preferred over the copy in @ffmpeg-installer (newer, and shared).
# tini: the image's PID 1, which hands SIGTERM to node and reaps the orphans of the programs it runs.
# OCR (scans in PDF to Text, images → txt): tesseract with English, German, French and Spanish
# (more: apt-get install tesseract-ocr-<code>; /api/v1/ready lists what is installed), and
# poppler's pdftoppm and pdfinfo to measure and render PDF pages one at a time.
runtime=(ca-certificates ffmpeg fonts-dejavu-core tini
  tesseract-ocr tesseract-ocr-eng tesseract-ocr-deu tesseract-ocr-fra tesseract-ocr-spa poppler-utils)
office=(libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui
  fonts-liberation2 fonts-crosextra-carlito fonts-crosextra-caladea)
# Tests: Redis (rate limits, queues), unzip (archives opened by another reader), Chromium (browser
# tests), nginx (the multi-instance benchmark); poppler, in the runtime list, is also the tests'
# independent PDF reader (pdftotext); python3-requests, the library the Python samples use (the samples
# tests run them with python3).
ci=(redis-server unzip chromium nginx python3-requests)

case "$kind" in
  runtime) packages=("${runtime[@]}"); [ "$with_office" = true ] && packages+=("${office[@]}") ;;
  ci) packages=("${runtime[@]}" "${office[@]}" "${ci[@]}") ;;
  *) echo "usage: $0 runtime [--with-libreoffice] | ci" >&2; exit 2 ;;
esac

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "apt-get install ${missing[*]}"
as_root=""
[ "$(id -u)" -eq 0 ] || as_root="sudo"
$as_root apt-get update -qq
DEBIAN_FRONTEND=noninteractive $as_root apt-get install -y -qq --no-install-recommends "${missing[@]}"
# In an image, the package lists are dead weight.
if [ -f /.dockerenv ]; then $as_root rm -rf /var/lib/apt/lists/*; fi
