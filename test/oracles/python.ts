import fs from 'node:fs';

/**
 * Debian's Python, which the oracles run under: the Debian packages (python3-dateutil, python3-icalendar,
 * python3-recurring-ical-events) are installed for it, where a pyenv `python3` on the PATH may lack them.
 */
export const PYTHON = fs.existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
