// An entry starts a worker thread on the client's object: the worker gets the same
// object, so where the entry's parameter is the representative object, so is the
// worker's. The worker updates both fields under the object's mutex; the progress
// query reads `done` without it.
// expect: struct job.progress race-free
// expect: struct job.done RACE
// fixed-twin: module_object_worker_fixed.c
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
  int p = j->progress;
  pthread_mutex_unlock (&j->lock);
  return j->done ? -1 : p;
}
