// A '}' missing before the next job type: reported once, the next job is fine.
shared x;
lock m;

thread t [*] {
  acquire m;
  while (*) {
    write x;
  release m;
}

main {
  create t;
  read y;
}
