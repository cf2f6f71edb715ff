// Three blocks never closed.
shared x;
main {
  {
    {
      write x;
