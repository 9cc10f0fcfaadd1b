#!/bin/sh
# Debian's Chromium without the right to raise its own priority. Run as root (with CAP_SYS_NICE),
# Chromium puts its browser and GPU processes (and each renderer's compositor threads) at nice -8.
# Beside the other test lanes of CI that starves them: a nice-0 process (the local cloud, DynamoDB
# Local, the integration suite) gets about a sixth of the CPU a nice -8 one does, and the map
# drawing of the GPU process is one; the integration suite ran five times slower than alone. Without
# CAP_SYS_NICE those requests fail quietly and the processes share the CPU on equal terms. Elsewhere
# this is plain Chromium.
chromium=${CHROMIUM_BINARY:-/usr/bin/chromium}
if command -v setpriv >/dev/null 2>&1; then
  exec setpriv --inh-caps=-sys_nice --bounding-set=-sys_nice "$chromium" "$@"
fi
exec "$chromium" "$@"
