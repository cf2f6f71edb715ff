// A UTF-8 byte-order mark before the first line: skipped.
shared x;
lock m;

thread t [*] {
  acquire m;
  write x;
  release m;
}

main {
  create t;
}
