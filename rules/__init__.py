"""Pure rules engines: no Discord, no I/O, no clock, no global random."""
