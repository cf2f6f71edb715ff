// A block comment that never ends.
shared x;

main {
  read x;  /* the rest of the file
  write x;
}
