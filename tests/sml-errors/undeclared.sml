// A name used but never declared (reported once, at its first use).
shared x;

main {
  read x;
  write y;
  read y;
}
