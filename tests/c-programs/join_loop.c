// Threads created and joined in loops over an array of handles, as many as the data
// says (n <= N): the join loop joins every handle the create loop filled, so every
// worker has ended when main reads done_count (a joinall: see
// src/frontend/c/rf-c-lower-joinall.c; before, the model could leave the join loop
// early and this was a false alarm).
// expect: done_count race-free
#include <pthread.h>
#define N 4
int done_count;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  done_count++;
  pthread_mutex_unlock (&m);
  return NULL;
}

int main (int argc, char **argv)
{
  pthread_t t[N];
  int n = argc < N ? argc : N;
  (void) argv;
  for (int i = 0; i < n; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < n; i++)
    pthread_join (t[i], NULL);
  return done_count;
}
