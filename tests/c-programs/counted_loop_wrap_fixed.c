// The fixed twin of counted_loop_wrap.c: an int counter reaches 128, so the loop runs
// once and starts one worker, which races with nobody.
// expect: hits race-free
// racy-twin: counted_loop_wrap.c
#include <pthread.h>

int hits;

static void *worker (void *arg)
{
  hits++;
  return arg;
}

int main (void)
{
  pthread_t t;
  for (int i = 127; i < 128; i++)
    pthread_create (&t, NULL, worker, NULL);
  return 0;
}
