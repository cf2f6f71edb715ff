// expect: local:t race-free
// expect: sums race-free
// idiom: i
// main builds one heap task per thread with task_create() (its own copy of the data)
// and gives up the pointer; the thread owns it, reduces it into sums[slot] and frees
// it. The thread count comes from sysconf; main reads sums only after all joins.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define MAXTASKS 16
#define TASKLEN  1000

typedef struct task {
	int slot;
	size_t n;
	long *data;
} task;

static long long sums[MAXTASKS];

static void die(const char *what)
{
	perror(what);
	exit(EXIT_FAILURE);
}

static task *task_create(int slot, size_t n)
{
	task *tk = malloc(sizeof *tk);
	if (tk == NULL || (tk->data = malloc(n * sizeof *tk->data)) == NULL)
		die("malloc");
	tk->slot = slot;
	tk->n = n;
	for (size_t i = 0; i < n; i++)
		tk->data[i] = (long)(slot + 1) * (long)i;
	return tk;
}

static void task_destroy(task *tk)
{
	free(tk->data);
	free(tk);
}

static void *consume(void *arg)
{
	task *tk = arg;
	long long acc = 0;
	size_t i = 0;

	do {
		acc += tk->data[i] % 7;
	} while (++i < tk->n);
	sums[tk->slot] = acc;
	task_destroy(tk);
	return NULL;
}

int main(void)
{
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	int ntasks = online > 0 ? (int)online : 2;
	pthread_t tids[MAXTASKS];
	long long grand = 0;

	if (ntasks > MAXTASKS)
		ntasks = MAXTASKS;
	for (int k = 0; k < ntasks; k++) {
		task *t = task_create(k, TASKLEN);
		if (pthread_create(&tids[k], NULL, consume, t) != 0)
			die("pthread_create");
	}
	for (int k = 0; k < ntasks; k++)
		if (pthread_join(tids[k], NULL) != 0)
			die("pthread_join");
	for (int k = 0; k < ntasks; k++) {
		printf("task %d -> %lld\n", k, sums[k]);
		grand += sums[k];
	}
	printf("grand total %lld over %d tasks\n", grand, ntasks);
	return 0;
}
