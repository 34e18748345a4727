#!/usr/bin/env bash
# Set up and run every test. On a fresh Debian machine as root: bash tests/run.sh [pytest options]
#   1. Debian packages the tests use: chromium (browser tests) and qpdf, installed only when missing;
#   2. the package (editable) and the pinned test dependencies;
#   3. pytest over tests/ (browser tests build the site themselves). Exits with pytest's status.
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-python3}
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v qpdf >/dev/null 2>&1 || missing+=(qpdf)
if ((${#missing[@]})); then
    echo "installing ${missing[*]} with apt-get" >&2
    sudo=()
    [ "$(id -u)" = 0 ] || sudo=(sudo)
    # Wait (up to 10 minutes) for another apt run to let go of its lock instead of failing at once.
    lock=(-o DPkg::Lock::Timeout=600)
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "${lock[@]}" update -q
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "${lock[@]}" install -y -q "${missing[@]}"
fi

export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore
"$python" -m pip install -q -e ./py -r tests/requirements.txt

# -rfEs: name failed, erroring and skipped tests (with the reason) above the summary line.
exec "$python" -m pytest tests -rfEs "$@"
