// A character that is not part of the language.
shared x;

main {
  read x;
  write x @;
}
