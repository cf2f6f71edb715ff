/* Syntax errors in a C input: each located with its line and a caret, the parser
 * recovers at ';' and '}' to find the next, and the exit status is 2. */
#include <pthread.h>

int counter

static void *worker (void *arg)
{
  int x = 1 +;
  counter++;
  return arg
}

int main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  return 0;
