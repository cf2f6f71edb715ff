// A name declared as a lock used as data, a cond used as a lock.
shared x;
lock m;
cond c;

main {
  acquire m;
  read m;
  wait c, c;
  release m;
}
