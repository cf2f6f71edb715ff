// The input ends inside a block.
shared x;

thread t [2] {
  while (*) {
    read x;
    write x;
  }
