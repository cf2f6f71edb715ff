// The fixed twin of module_object_worker.c: the progress query reads both fields under
// the object's mutex.
// expect: struct job.progress race-free
// expect: struct job.done race-free
// racy-twin: module_object_worker.c
#include <pthread.h>

struct job
{
  pthread_mutex_t lock;
  int progress;
  int done;
};

static void *
worker (void *arg)
{
  struct job *j = arg;
  pthread_mutex_lock (&j->lock);
  j->progress++;
  j->done = 1;
  pthread_mutex_unlock (&j->lock);
  return NULL;
}

void
job_start (struct job *j)
{
  pthread_t t;
  if (pthread_create (&t, NULL, worker, j) == 0)
    pthread_detach (t);
}

int
job_progress (struct job *j)
{
  pthread_mutex_lock (&j->lock);
  int p = j->done ? -1 : j->progress;
  pthread_mutex_unlock (&j->lock);
  return p;
}
