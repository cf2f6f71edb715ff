// The main job type cannot be created.
shared x;

thread t {
  create main;
}

main {
  create t;
  write x;
}
