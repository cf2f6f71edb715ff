// A statement without its ';'.
shared x;

main {
  read x
  write x;
}
