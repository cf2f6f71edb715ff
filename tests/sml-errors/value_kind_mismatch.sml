// Value variables used as other kinds and other kinds used as value variables; a
// `shared` name cannot become a value variable by use (it has no values).
shared x, y;
lock m;
value flag {0, 1} = 0;

main {
  acquire flag;
  read flag;
  test m == 1;
  set x = 0;
  read y;
}
