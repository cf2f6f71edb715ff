// A handshake on a flag: main writes the data, then sets the flag; the thread waits
// until the flag is set, then reads the data. Race-free: the flag is a value variable,
// tracked exactly.
shared data;
value flag {0, 1} = 0;

main {
  create t;
  write data;
  set flag = 1;
}

thread t {
  test flag == 1;
  read data;
}
