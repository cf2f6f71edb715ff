shared x; @
// The stray '@' is at column 11 of line 1: the mark is not counted.
main { write x; }
