// The same label twice in a job type.
shared x;
main {
  l: write x;
  l: skip;
  goto l;
}
