// A keyword where a name must be.
shared read;
main { write read; }
