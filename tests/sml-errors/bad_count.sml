// A job type started with zero threads.
shared x;

thread t [0] {
  write x;
}

main { }
