// wait needs a condition variable and a lock.
shared x;
cond c;
lock m;
main { acquire m; wait c; release m; }
