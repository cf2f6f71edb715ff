// Bytes that are not UTF-8.
shared x;
main { write ÿþ x; }
