shared x;
main { write x; }
/* never closed
