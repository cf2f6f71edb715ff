// The same shared name declared twice.
shared x, y;
lock m;
shared x;

main {
  read x;
}
