// pthread_create's result tested in a condition: when it fails no thread was started
// (POSIX), so the branch of failure need not join. Four spellings: != 0, == 0, !call
// and the bare call; each worker is joined on the branch of success only, and main
// reads what it wrote after the if.
// expect: data_a race-free
// expect: data_b race-free
// expect: data_c race-free
// expect: data_d race-free
// expect: stderr race-free
// racy-twin: create_checked_racy.c
#include <pthread.h>
#include <stdio.h>

static int data_a, data_b, data_c, data_d;

static void *worker_a (void *arg) { data_a = 1; return arg; }
static void *worker_b (void *arg) { data_b = 2; return arg; }
static void *worker_c (void *arg) { data_c = 3; return arg; }
static void *worker_d (void *arg) { data_d = 4; return arg; }

int
main (void)
{
  pthread_t a, b, c, d;
  if (pthread_create (&a, NULL, worker_a, NULL) != 0)
    fprintf (stderr, "no thread a\n");
  else
    pthread_join (a, NULL);
  printf ("%d\n", data_a);

  if (pthread_create (&b, NULL, worker_b, NULL) == 0)
    pthread_join (b, NULL);
  printf ("%d\n", data_b);

  if (!pthread_create (&c, NULL, worker_c, NULL))
    pthread_join (c, NULL);
  else
    perror ("pthread_create");
  printf ("%d\n", data_c);

  if (pthread_create (&d, NULL, worker_d, NULL))
    {
      fprintf (stderr, "no thread d\n");
      data_d = -1;
    }
  else
    pthread_join (d, NULL);
  printf ("%d\n", data_d);
  return 0;
}
