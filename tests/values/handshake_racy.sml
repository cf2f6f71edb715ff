// The racy twin of handshake.sml: main sets the flag before it writes the data, so the
// thread may read the data while main writes it.
shared data;
value flag {0, 1} = 0;

main {
  create t;
  set flag = 1;
  write data;
}

thread t {
  test flag == 1;
  read data;
}
