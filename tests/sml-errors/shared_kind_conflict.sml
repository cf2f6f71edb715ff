// The paper's form: kinds follow from use; 'm' is used as a lock, then as data.
shared x, m;

thread t [*] {
  acquire m;
  write x;
  release m;
}

main {
  write m;
}
