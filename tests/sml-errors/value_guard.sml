// `of` names the data variable whose accesses a value variable's are: a lock, a value
// variable and an undeclared name are not; a `shared` name so named is data from then
// on, declared before or after.
lock m;
value a {0, 1} = 0 of m;
value b {0, 1} = 0 of a;
value c {0, 1} = 0 of nowhere;
value d {0, 1} = 0 of later;
shared later;

main {
  acquire later;
  release later;
}
