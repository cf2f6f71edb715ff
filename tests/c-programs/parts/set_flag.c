/* The other file of value_flag_other_file.c and its fixed twin: it sets the flag
 * through its own declaration of it. */
extern int flag;

void
set_flag (void)
{
  flag = 2;
}
