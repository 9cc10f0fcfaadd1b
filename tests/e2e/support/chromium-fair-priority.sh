#!/bin/sh
# Debian's Chromium without the right to raise its own priority. Run as root (with CAP_SYS_NICE),
# Chromium puts its browser and GPU processes (and each renderer's compositor threads) at nice -8.
# Beside the other test lanes of CI that starves them: the local cloud, DynamoDB Local and the
# integration suite (nice 0) got about a sixth of the CPU the map drawing of a browser test got, and
# the integration suite ran five times slower than alone. Without CAP_SYS_NICE those requests fail
# quietly and every process shares the CPU on equal terms. Elsewhere this is plain Chromium.
chromium=${CHROMIUM_BINARY:-/usr/bin/chromium}
if command -v setpriv >/dev/null 2>&1; then
  exec setpriv --inh-caps=-sys_nice --bounding-set=-sys_nice "$chromium" "$@"
fi
exec "$chromium" "$@"
