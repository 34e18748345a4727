#!/usr/bin/env bash
# Set up and run every test. On a fresh Debian machine as root: bash tests/run.sh [pytest options]
#   1. Debian packages the tests use: chromium (browser tests), qpdf, poppler-utils (pdftoppm and
#      pdftotext check the cleaned PDFs), nodejs (site/content.js outside the browser) and npm,
#      installed only when missing;
#   2. the package (editable) and the pinned test dependencies, into the Python in $PYTHON (default
#      python3) or, when that is Debian's own Python (which refuses pip installs), into a virtual
#      environment in $VENV (default ~/.cache/pagefurniture/venv); and the pinned npm packages of
#      tests/package-lock.json (TypeScript, which checks the page's scripts) into tests/node_modules;
#   3. pytest over tests/ (browser tests build the site themselves). Exits with pytest's status.
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-python3}

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v qpdf >/dev/null 2>&1 || missing+=(qpdf)
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
command -v "$python" >/dev/null 2>&1 || missing+=(python3)
externally_managed() {
    "$python" -c 'import os, sys, sysconfig
sys.exit(0 if os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")) else 1)'
}
if command -v "$python" >/dev/null 2>&1 && externally_managed && ! "$python" -c 'import ensurepip' 2>/dev/null; then
    missing+=(python3-venv)
fi
if ((${#missing[@]})); then
    echo "installing ${missing[*]} with apt-get" >&2
    sudo=()
    [ "$(id -u)" = 0 ] || sudo=(sudo)
    # Wait (up to 10 minutes) for another apt run to let go of its lock instead of failing at once.
    lock=(-o DPkg::Lock::Timeout=600)
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "${lock[@]}" update -q
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "${lock[@]}" install -y -q "${missing[@]}"
    command -v "$python" >/dev/null 2>&1 || python=python3
fi

if externally_managed; then
    venv=${VENV:-$HOME/.cache/pagefurniture/venv}
    echo "$python belongs to the system; using the virtual environment $venv" >&2
    [ -x "$venv/bin/python" ] || "$python" -m venv "$venv"
    python=$venv/bin/python
fi

export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore
"$python" -m pip install -q -e ./py -r tests/requirements.txt
npm ci --prefix tests --no-audit --no-fund --loglevel=error

# -rfEs: name failed, erroring and skipped tests (with the reason) above the summary line.
exec "$python" -m pytest tests -rfEs "$@"
