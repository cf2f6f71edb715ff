// The initial value of a value variable is not among its values; a value out of range.
value flag {0, 1} = 2;
value big {0, 9223372036854775808} = 0;

main {
  set flag = 1;
}
