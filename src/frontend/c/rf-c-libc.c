/* rf-c-libc: the table of known library functions and its lookup (see rf-c-libc.h).
 *
 * One row per function. The lookup builds a hash table of the rows once; names that
 * are not rows go through the builtin and atomic rules of rf_c_libc_lookup, which return one of the static rows at the end. NC, CB, TU,
 * CANCELS and MUTEX_TYPE abbreviate the flags; R is a row, W a row
 * with a reason, X an unsupported function. */
#include "rf-c-libc.h"

#include <string.h>

enum {
  NC = RF_C_LIBC_NO_CANCEL, CB = RF_C_LIBC_CALLS_BACK, TU = RF_C_LIBC_THREAD_UNSAFE, CANCELS = RF_C_LIBC_CANCELS,
  MUTEX_TYPE = RF_C_LIBC_MUTEX_TYPE,
};

#define R(name, effect, pointers, flags) { name, RF_C_LIBC_##effect, RF_C_LIBC_PTS_##pointers, flags, NULL, NULL, NULL }
#define S(name, effect, pointers, flags, state) { name, RF_C_LIBC_##effect, RF_C_LIBC_PTS_##pointers, flags, NULL, NULL, state }
#define W(name, effect, pointers, flags, why) { name, RF_C_LIBC_##effect, RF_C_LIBC_PTS_##pointers, flags, NULL, why, NULL }
#define X(name, flags, family, why) { name, RF_C_LIBC_UNSUPPORTED, RF_C_LIBC_PTS_OTHER, flags, family, why, NULL }
#define UCONTEXT "a switch of execution context: the model cannot follow where it goes"
/* hidden library state (see RfCLibcState): stdio's streams (the locked functions
 * write them atomically, the _unlocked ones plainly), the locale setlocale sets and
 * every locale-dependent function reads, and the time zone variables tzset sets */
#define STDIO "a:stdio streams"
#define LOCALE "r:setlocale() state"
#define TZ "w:tzname,w:timezone,w:daylight"

static const RfCLibcFunc table[] = {
  /* no memory effect */
  S ("putchar", PURE, OTHER, 0, STDIO),
  R ("abs", PURE, OTHER, 0),
  R ("labs", PURE, OTHER, 0),
  S ("strerror", PURE, STATE, TU, "w:strerror() state," LOCALE),
  R ("fdopen", PURE, PRIVATE, 0),
  S ("fclose", PURE, OTHER, 0, STDIO),
  S ("feof", PURE, OTHER, 0, STDIO),
  S ("ferror", PURE, OTHER, 0, STDIO),
  S ("fileno", PURE, OTHER, 0, STDIO),
  R ("close", PURE, OTHER, 0),
  R ("isatty", PURE, OTHER, 0),
  R ("pthread_cancel", PURE, OTHER, NC | CANCELS),
  R ("pthread_testcancel", PURE, OTHER, 0),
  R ("pthread_setcancelstate", PURE, OTHER, NC),
  R ("__sigsetjmp_cancel", SETJMP, OTHER, NC),
  R ("__pthread_register_cancel", CLEANUP_PUSH, OTHER, NC),
  R ("__pthread_unregister_cancel", CLEANUP_POP, OTHER, NC),
  R ("__pthread_unwind_next", UNWIND, OTHER, NC),
  R ("pthread_kill", PURE, OTHER, NC),
  R ("raise", PURE, OTHER, 0),
  R ("kill", PURE, OTHER, 0),
  R ("alarm", PURE, OTHER, 0),
  R ("pause", SLEEP, OTHER, 0),
  R ("pthread_key_delete", PURE, OTHER, NC),
  R ("pthread_getspecific", PURE, GETSPECIFIC, NC),
  R ("pthread_setspecific", PURE, SETSPECIFIC, NC),
  S ("toupper", PURE, OTHER, 0, LOCALE),
  S ("tolower", PURE, OTHER, 0, LOCALE),
  S ("isalpha", PURE, OTHER, 0, LOCALE),
  S ("isspace", PURE, OTHER, 0, LOCALE),
  S ("isdigit", PURE, OTHER, 0, LOCALE),
  S ("isalnum", PURE, OTHER, 0, LOCALE),
  R ("sleep", SLEEP, OTHER, 0),
  R ("usleep", SLEEP, OTHER, 0),
  R ("nanosleep", SLEEP, OTHER, 0),
  R ("clock_nanosleep", SLEEP, OTHER, 0),
  R ("sched_yield", PURE, OTHER, 0),
  R ("pthread_self", PURE, OTHER, NC),
  R ("pthread_equal", PURE, OTHER, NC),
  S ("rand", PURE, OTHER, TU, "w:rand() state"),
  S ("srand", PURE, OTHER, TU, "w:rand() state"),
  R ("__builtin_expect", PURE, OTHER, NC),
  /* compiler builtins that only compute (any other reads and writes through its
   * pointer arguments), by their names without __builtin_ */
  R ("va_start", PURE, OTHER, NC),
  R ("va_end", PURE, OTHER, NC),
  R ("va_copy", PURE, OTHER, NC),
  R ("object_size", PURE, OTHER, NC),
  R ("dynamic_object_size", PURE, OTHER, NC),
  R ("prefetch", PURE, OTHER, NC),
  R ("constant_p", PURE, OTHER, NC),
  R ("classify_type", PURE, OTHER, NC),
  R ("frame_address", PURE, OTHER, NC),
  R ("return_address", PURE, OTHER, NC),
  R ("pthread_yield", PURE, OTHER, NC),
  R ("pthread_attr_init", PURE, OTHER, NC),
  R ("pthread_attr_destroy", PURE, OTHER, NC),
  R ("pthread_attr_setstacksize", PURE, OTHER, NC),
  R ("pthread_attr_setscope", PURE, OTHER, NC),
  R ("pthread_attr_setschedpolicy", PURE, OTHER, NC),
  R ("pthread_attr_setschedparam", PURE, OTHER, NC),
  R ("pthread_attr_setinheritsched", PURE, OTHER, NC),
  R ("pthread_attr_setguardsize", PURE, OTHER, NC),
  R ("closedir", PURE, OTHER, 0),
  R ("socket", PURE, OTHER, 0),
  R ("listen", PURE, OTHER, 0),
  R ("shutdown", PURE, OTHER, 0),
  R ("dup", PURE, OTHER, 0),
  R ("dup2", PURE, OTHER, 0),
  R ("setsid", PURE, OTHER, 0),
  R ("getppid", PURE, OTHER, 0),
  R ("getuid", PURE, OTHER, 0),
  R ("geteuid", PURE, OTHER, 0),
  R ("getgid", PURE, OTHER, 0),
  R ("getegid", PURE, OTHER, 0),
  R ("umask", PURE, OTHER, 0),
  R ("fchdir", PURE, OTHER, 0),
  R ("fsync", PURE, OTHER, 0),
  R ("lseek", PURE, OTHER, 0),
  R ("htons", PURE, OTHER, NC),
  R ("htonl", PURE, OTHER, NC),
  R ("ntohs", PURE, OTHER, NC),
  R ("ntohl", PURE, OTHER, NC),
  R ("__h_errno_location", PURE, PRIVATE, 0),
  R ("getpid", PURE, OTHER, 0),
  R ("__errno_location", PURE, PRIVATE, 0),
  R ("pthread_mutex_init", PURE, OTHER, NC),
  R ("pthread_mutex_destroy", PURE, OTHER, NC),
  R ("pthread_mutexattr_init", PURE, OTHER, NC),
  R ("pthread_mutexattr_destroy", PURE, OTHER, NC),
  R ("pthread_mutexattr_settype", PURE, OTHER, NC | MUTEX_TYPE),
  R ("pthread_cond_init", PURE, OTHER, NC),
  R ("pthread_cond_destroy", PURE, OTHER, NC),
  R ("pthread_rwlockattr_init", PURE, OTHER, NC),
  R ("pthread_rwlockattr_destroy", PURE, OTHER, NC),
  R ("pthread_rwlock_init", PURE, OTHER, NC),
  R ("pthread_rwlock_destroy", PURE, OTHER, NC),
  R ("pthread_spin_init", PURE, OTHER, NC),
  R ("pthread_spin_destroy", PURE, OTHER, NC),
  R ("sem_destroy", PURE, OTHER, 0),
  R ("pthread_barrier_init", PURE, OTHER, NC),
  R ("pthread_barrier_destroy", PURE, OTHER, NC),
  R ("assume_aligned", PURE, RET0, 0),
  /* reads through their pointer arguments */
  R ("strlen", READS, OTHER, 0),
  R ("strnlen", READS, OTHER, 0),
  R ("strcmp", READS, OTHER, 0),
  R ("strncmp", READS, OTHER, 0),
  R ("memcmp", READS, OTHER, 0),
  R ("open", READS, OTHER, 0),
  R ("open64", READS, OTHER, 0),
  R ("setrlimit", READS, OTHER, 0),
  R ("strchr", READS, RET0, 0),
  R ("strrchr", READS, RET0, 0),
  R ("strstr", READS, RET0, 0),
  R ("memchr", READS, RET0, 0),
  S ("printf", READS, OTHER, 0, STDIO "," LOCALE),
  S ("fprintf", READS, OTHER, 0, STDIO "," LOCALE),
  S ("dprintf", READS, OTHER, 0, LOCALE),
  S ("vprintf", READS, OTHER, 0, STDIO "," LOCALE),
  S ("vfprintf", READS, OTHER, 0, STDIO "," LOCALE),
  S ("puts", READS, OTHER, 0, STDIO),
  S ("fputs", READS, OTHER, 0, STDIO),
  S ("fputc", READS, OTHER, 0, STDIO),
  S ("putc", READS, OTHER, 0, STDIO),
  S ("perror", READS, OTHER, 0, STDIO "," LOCALE),
  S ("fflush", READS, OTHER, 0, STDIO),
  S ("atoi", READS, OTHER, 0, LOCALE),
  S ("atol", READS, OTHER, 0, LOCALE),
  S ("atof", READS, OTHER, 0, LOCALE),
  S ("getenv", READS, STATE, TU, "r:getenv() state,r:environ"),
  R ("fopen", READS, PRIVATE, 0),
  S ("fwrite", READS, OTHER, 0, STDIO),
  R ("write", READS, OTHER, 0),
  R ("pwrite", READS, OTHER, 0),
  R ("send", READS, OTHER, 0),
  R ("sendto", READS, OTHER, 0),
  R ("sendmsg", READS, OTHER, 0),
  R ("writev", READS, OTHER, 0),
  R ("bind", READS, OTHER, 0),
  R ("connect", READS, OTHER, 0),
  R ("setsockopt", READS, OTHER, 0),
  R ("inet_addr", READS, OTHER, 0),
  R ("unlink", READS, OTHER, 0),
  R ("remove", READS, OTHER, 0),
  R ("rename", READS, OTHER, 0),
  R ("mkdir", READS, OTHER, 0),
  R ("rmdir", READS, OTHER, 0),
  R ("chdir", READS, OTHER, 0),
  R ("access", READS, OTHER, 0),
  R ("chmod", READS, OTHER, 0),
  R ("chown", READS, OTHER, 0),
  R ("opendir", READS, PRIVATE, 0),
  S ("strcasecmp", READS, OTHER, 0, LOCALE),
  S ("strncasecmp", READS, OTHER, 0, LOCALE),
  R ("strspn", READS, OTHER, 0),
  R ("strcspn", READS, OTHER, 0),
  R ("sigismember", READS, OTHER, 0),
  R ("strpbrk", READS, RET0, 0),
  R ("memrchr", READS, RET0, 0),
  R ("rawmemchr", READS, RET0, 0),
  R ("strchrnul", READS, RET0, 0),
  /* write through the first argument */
  R ("memcpy", WRITE0, COPY, 0),
  R ("memmove", WRITE0, COPY, 0),
  R ("strcpy", WRITE0, BYTES0, 0),
  R ("poll", WRITE0, OTHER, 0),      /* writes each pollfd's revents */
  R ("strncpy", WRITE0, BYTES0, 0),
  R ("strcat", WRITE0, BYTES0, 0),
  R ("strncat", WRITE0, BYTES0, 0),
  S ("sprintf", WRITE0, BYTES0, 0, LOCALE),
  S ("snprintf", WRITE0, BYTES0, 0, LOCALE),
  S ("vsprintf", WRITE0, BYTES0, 0, LOCALE),
  S ("vsnprintf", WRITE0, BYTES0, 0, LOCALE),
  S ("fgets", WRITE0, RET0, 0, STDIO),
  S ("fread", WRITE0, OTHER, 0, STDIO),
  S ("strftime", WRITE0, OTHER, 0, LOCALE "," TZ),
  R ("rand_r", WRITE0, OTHER, 0),
  R ("mempcpy", WRITE0, COPY, 0),
  R ("stpcpy", WRITE0, BYTES0, 0),
  R ("stpncpy", WRITE0, BYTES0, 0),
  R ("memset", WRITE0_ONLY, SET, 0),
  R ("bzero", WRITE0_ONLY, SET, 0),
  R ("pipe", WRITE0_ONLY, OTHER, 0),
  R ("gettimeofday", WRITE0_ONLY, OTHER, 0),
  R ("gethostname", WRITE0_ONLY, OTHER, 0),
  R ("sigemptyset", WRITE0_ONLY, OTHER, 0),
  R ("sigfillset", WRITE0_ONLY, OTHER, 0),
  R ("sigaddset", WRITE0_ONLY, OTHER, 0),
  R ("sigdelset", WRITE0_ONLY, OTHER, 0),
  R ("time", WRITE0_ONLY, OTHER, 0),
  R ("explicit_bzero", WRITE0_ONLY, SET, 0),
  /* write through the second argument */
  S ("strtol", WRITE1, ENDPTR, 0, LOCALE),
  S ("__strtol_internal", WRITE1, ENDPTR, 0, LOCALE),
  S ("strtoul", WRITE1, ENDPTR, 0, LOCALE),
  S ("strtoll", WRITE1, ENDPTR, 0, LOCALE),
  S ("strtoull", WRITE1, ENDPTR, 0, LOCALE),
  S ("strtod", WRITE1, ENDPTR, 0, LOCALE),
  R ("read", WRITE1, OTHER, 0),
  R ("stat", WRITE1, OTHER, 0),
  R ("lstat", WRITE1, OTHER, 0),
  R ("fstat", WRITE1, OTHER, 0),
  R ("stat64", WRITE1, OTHER, 0),
  R ("lstat64", WRITE1, OTHER, 0),
  R ("fstat64", WRITE1, OTHER, 0),
  R ("getrlimit", WRITE1, OTHER, 0),
  R ("pread", WRITE1, OTHER, 0),
  R ("recv", WRITE1, OTHER, 0),
  R ("waitpid", WRITE1, OTHER, 0),
  R ("pthread_attr_getdetachstate", WRITE1, OTHER, NC),
  R ("pthread_attr_getstacksize", WRITE1, OTHER, NC),
  R ("pthread_attr_getscope", WRITE1, OTHER, NC),
  R ("clock_gettime", WRITE1, OTHER, 0),
  S ("localtime_r", WRITE1, OTHER, 0, TZ),
  R ("gmtime_r", WRITE1, OTHER, 0),
  R ("strerror_r", WRITE1, OTHER, 0),
  R ("sigwait", WRITE1, OTHER, 0),
  S ("strtof", WRITE1, ENDPTR, 0, LOCALE),
  S ("strtold", WRITE1, ENDPTR, 0, LOCALE),
  S ("strtoimax", WRITE1, ENDPTR, 0, LOCALE),
  S ("strtoumax", WRITE1, ENDPTR, 0, LOCALE),
  R ("strtok_r", STRTOK, STRTOK, 0),
  R ("pthread_sigmask", SSCANF, OTHER, NC),  /* reads how and *set, writes *oldset */
  R ("sigprocmask", SSCANF, OTHER, 0),
  R ("__xstat", SSCANF, SSCAN, 0),    /* glibc's stat before 2.33: (version, path, buf) */
  R ("__lxstat", SSCANF, SSCAN, 0),
  R ("__fxstat", SSCANF, SSCAN, 0),
  R ("__xstat64", SSCANF, SSCAN, 0),
  R ("__lxstat64", SSCANF, SSCAN, 0),
  R ("__fxstat64", SSCANF, SSCAN, 0),
  S ("scanf", SCANF, SCAN, 0, STDIO "," LOCALE),
  R ("sem_getvalue", SCANF, SCAN, 0),
  R ("accept", SCANF, SCAN, 0),    /* writes the peer's address and its length */
  R ("recvfrom", SCANF, SCAN, 0),  /* and the data */
  R ("select", SCANF, SCAN, 0),    /* reads and writes the sets (a write covers both) */
  R ("fcntl", SCANF, SCAN, 0),     /* F_GETLK writes its struct flock */
  R ("ioctl", SCANF, SCAN, 0),
  R ("getsockopt", SSCANF, SSCAN, 0),
  S ("fscanf", SSCANF, SSCAN, 0, STDIO "," LOCALE),
  S ("sscanf", SSCANF, SSCAN, 0, LOCALE),
  S ("vscanf", SCANF, SCAN, 0, STDIO "," LOCALE),
  S ("vfscanf", SSCANF, SSCAN, 0, STDIO "," LOCALE),
  S ("vsscanf", SSCANF, SSCAN, 0, LOCALE),
  R ("qsort", SORT, OTHER, CB),
  R ("bsearch", SEARCH, OTHER, CB),
  /* memory */
  R ("malloc", ALLOC, ALLOC, 0),
  R ("calloc", ALLOC, ALLOC, 0),
  R ("strdup", ALLOC, ALLOC, 0),
  R ("__strdup", ALLOC, ALLOC, 0),
  R ("strndup", ALLOC, ALLOC, 0),
  R ("aligned_alloc", ALLOC, ALLOC, 0),
  R ("alloca", ALLOC, ALLOC, NC),
  R ("alloca_with_align", ALLOC, ALLOC, NC),
  R ("alloca_with_align_and_max", ALLOC, ALLOC, NC),
  R ("realloc", REALLOC, REALLOC, 0),
  R ("reallocarray", REALLOC, REALLOC, 0),
  R ("free", FREE, OTHER, 0),
  /* a mapping is memory no other object shares (a MAP_SHARED file mapped twice aliases:
   * docs/c-model.md, Soundness assumptions) */
  R ("mmap", ALLOC, ALLOC, 0),
  R ("mmap64", ALLOC, ALLOC, 0),
  R ("munmap", FREE, OTHER, 0),
  /* control */
  R ("exit", EXIT, OTHER, NC),
  R ("_exit", EXIT, OTHER, NC),
  R ("_Exit", EXIT, OTHER, NC),
  R ("abort", EXIT, OTHER, NC),
  /* SV-COMP's conventions (its tasks declare them; reach_error's body, when given, is
   * the error itself) */
  R ("reach_error", EXIT, OTHER, NC),
  R ("__VERIFIER_error", EXIT, OTHER, NC),
  R ("__VERIFIER_atomic_begin", ATOMIC_BEGIN, OTHER, NC),
  R ("__VERIFIER_atomic_end", ATOMIC_END, OTHER, NC),
  R ("__VERIFIER_assume", ASSUME, OTHER, NC),
  R ("pthread_exit", EXIT, OTHER, NC),
  R ("__assert_fail", EXIT, OTHER, NC),
  R ("__assert_perror_fail", EXIT, OTHER, NC),
  R ("__builtin_unreachable", EXIT, OTHER, NC),
  R ("__builtin_trap", EXIT, OTHER, NC),
  R ("atexit", AT_EXIT, OTHER, CB),
  R ("at_quick_exit", AT_EXIT, OTHER, CB),
  R ("on_exit", AT_EXIT, OTHER, CB),
  R ("signal", SIGNAL_HANDLER, OTHER, CB),
  R ("sigset", SIGNAL_HANDLER, OTHER, 0),
  R ("bsd_signal", SIGNAL_HANDLER, OTHER, 0),
  R ("sigaction", SIGACTION, OTHER, 0),
  /* threads */
  R ("pthread_create", CREATE, CREATE, NC),
  R ("pthread_join", JOIN, JOIN, 0),
  R ("pthread_detach", DETACH, OTHER, NC),
  R ("pthread_attr_setdetachstate", DETACH_STATE, OTHER, NC),
  R ("pthread_key_create", KEY_CREATE, KEYCREATE, NC),
  R ("pthread_once", ONCE, OTHER, NC|CB),
  /* mutexes and spinlocks */
  R ("pthread_mutex_lock", LOCK, OTHER, NC),
  R ("pthread_spin_lock", LOCK, OTHER, NC),
  R ("pthread_mutex_unlock", UNLOCK, OTHER, NC),
  R ("pthread_spin_unlock", UNLOCK, OTHER, NC),
  R ("pthread_mutex_trylock", TRYLOCK, OTHER, NC),
  R ("pthread_spin_trylock", TRYLOCK, OTHER, NC),
  R ("pthread_mutex_timedlock", TRYLOCK, OTHER, NC),
  R ("pthread_mutex_clocklock", TRYLOCK, OTHER, NC),
  /* read-write locks */
  R ("pthread_rwlock_rdlock", RDLOCK, OTHER, NC),
  R ("pthread_rwlock_wrlock", WRLOCK, OTHER, NC),
  R ("pthread_rwlock_unlock", RWUNLOCK, OTHER, NC),
  R ("pthread_rwlock_tryrdlock", TRY_RDLOCK, OTHER, NC),
  R ("pthread_rwlock_timedrdlock", TRY_RDLOCK, OTHER, NC),
  R ("pthread_rwlock_clockrdlock", TRY_RDLOCK, OTHER, NC),
  R ("pthread_rwlock_trywrlock", TRY_WRLOCK, OTHER, NC),
  R ("pthread_rwlock_timedwrlock", TRY_WRLOCK, OTHER, NC),
  R ("pthread_rwlock_clockwrlock", TRY_WRLOCK, OTHER, NC),
  /* condition variables */
  R ("pthread_cond_wait", WAIT, OTHER, 0),
  R ("pthread_cond_timedwait", WAIT, OTHER, 0),
  R ("pthread_cond_signal", SIGNAL, OTHER, NC),
  R ("pthread_cond_broadcast", BROADCAST, OTHER, NC),
  /* semaphores */
  R ("sem_init", SEM_INIT, OTHER, 0),
  R ("sem_post", SEM_POST, OTHER, 0),
  R ("sem_wait", SEM_WAIT, OTHER, 0),
  R ("sem_trywait", SEM_TRYWAIT, OTHER, 0),
  R ("sem_timedwait", SEM_TRYWAIT, OTHER, 0),
  R ("sem_clockwait", SEM_TRYWAIT, OTHER, 0),
  /* synchronisation the model does not follow */
  R ("pthread_barrier_wait", NOSYNC, OTHER, NC),
  R ("fork", FORK, OTHER, 0),
  R ("vfork", FORK, OTHER, 0),
  /* atomics */
  R ("__atomic_load_n", ATOMIC_LOAD, ATOMIC, NC),
  R ("atomic_load", ATOMIC_LOAD, ATOMIC, NC),
  R ("atomic_load_explicit", ATOMIC_LOAD, ATOMIC, NC),
  R ("__atomic_load", ATOMIC_LOAD_GENERIC, ATOMIC, NC),
  R ("__atomic_store_n", ATOMIC_STORE, ATOMIC, NC),
  R ("atomic_store", ATOMIC_STORE, ATOMIC, NC),
  R ("atomic_store_explicit", ATOMIC_STORE, ATOMIC, NC),
  R ("atomic_init", ATOMIC_STORE, ATOMIC, NC),
  R ("__atomic_store", ATOMIC_STORE_GENERIC, ATOMIC, NC),
  R ("atomic_thread_fence", ATOMIC_FENCE, ATOMIC, NC),
  R ("atomic_signal_fence", ATOMIC_FENCE, ATOMIC, NC),
  R ("__atomic_thread_fence", ATOMIC_FENCE, ATOMIC, NC),
  R ("__atomic_signal_fence", ATOMIC_FENCE, ATOMIC, NC),
  R ("__sync_synchronize", ATOMIC_FENCE, ATOMIC, NC),
  /* non-local jumps (rf-c-lower-jump.c) */
  R ("setjmp", SETJMP, OTHER, NC),
  R ("_setjmp", SETJMP, OTHER, NC),
  R ("sigsetjmp", SETJMP, OTHER, NC),
  R ("__sigsetjmp", SETJMP, OTHER, NC),
  R ("__builtin_setjmp", SETJMP, OTHER, NC),
  R ("longjmp", LONGJMP, OTHER, NC),
  R ("siglongjmp", LONGJMP, OTHER, NC),
  R ("_longjmp", LONGJMP, OTHER, NC),
  R ("__builtin_longjmp", LONGJMP, OTHER, NC),
  /* context switches: cannot be modelled (the code a context runs is not followed) */
  X ("getcontext", NC, "ucontext", UCONTEXT),
  X ("setcontext", NC, "ucontext", UCONTEXT),
  X ("swapcontext", NC, "ucontext", UCONTEXT),
  X ("makecontext", NC, "ucontext", UCONTEXT),
  /* known for their flags or pointers only (the lowering takes them as code without a body) */
  R ("pthread_setcanceltype", UNMODELLED, UNKNOWN, NC),  /* asynchronous cancellation: rf-c-lower.c */
  R ("pthread_cond_clockwait", UNMODELLED, UNKNOWN, 0),
  /* hidden library state: the functions POSIX allows not to be thread-safe (XSH
   * 2.9.1) and those sharing their state */
  S ("getopt", UNMODELLED, OTHER, TU, "w:getopt() state,w:optarg,w:optind,w:optopt,r:opterr"),
  S ("getopt_long", UNMODELLED, OTHER, TU, "w:getopt() state,w:optarg,w:optind,w:optopt,r:opterr"),
  S ("getopt_long_only", UNMODELLED, OTHER, TU, "w:getopt() state,w:optarg,w:optind,w:optopt,r:opterr"),
  S ("asctime", READS, STATE, TU, "w:asctime() state"),
  S ("ctime", READS, STATE, TU, "w:asctime() state,w:localtime() state," TZ),
  S ("localtime", READS, STATE, TU, "w:localtime() state," TZ),
  S ("gmtime", READS, STATE, TU, "w:localtime() state"),
  S ("mktime", WRITE0, OTHER, 0, TZ),
  S ("tzset", PURE, OTHER, 0, TZ),
  S ("getdate", READS, STATE, TU, "w:getdate() state,w:getdate_err"),
  S ("basename", WRITE0, RET0, TU, "w:basename() state"),
  S ("dirname", WRITE0, RET0, TU, "w:dirname() state"),
  S ("catgets", UNMODELLED, UNKNOWN, TU, "w:catgets() state"),
  S ("crypt", READS, STATE, TU, "w:crypt() state"),
  S ("encrypt", WRITE0, OTHER, TU, "w:crypt() state"),
  S ("setkey", READS, OTHER, TU, "w:crypt() state"),
  S ("dbm_clearerr", UNMODELLED, UNKNOWN, TU, "w:dbm_fetch() state"),
  S ("dbm_close", UNMODELLED, UNKNOWN, TU, "w:dbm_fetch() state"),
  S ("dbm_delete", UNMODELLED, UNKNOWN, TU, "w:dbm_fetch() state"),
  S ("dbm_error", UNMODELLED, UNKNOWN, TU, "w:dbm_fetch() state"),
  S ("dbm_fetch", UNMODELLED, UNKNOWN, TU, "w:dbm_fetch() state"),
  S ("dbm_firstkey", UNMODELLED, UNKNOWN, TU, "w:dbm_fetch() state"),
  S ("dbm_nextkey", UNMODELLED, UNKNOWN, TU, "w:dbm_fetch() state"),
  S ("dbm_open", UNMODELLED, UNKNOWN, TU, "w:dbm_fetch() state"),
  S ("dbm_store", UNMODELLED, UNKNOWN, TU, "w:dbm_fetch() state"),
  S ("dlerror", PURE, STATE, TU, "w:dlerror() state"),
  S ("dlopen", UNMODELLED, UNKNOWN, 0, "w:dlerror() state"),
  S ("dlsym", UNMODELLED, UNKNOWN, 0, "w:dlerror() state"),
  S ("dlclose", UNMODELLED, UNKNOWN, 0, "w:dlerror() state"),
  S ("drand48", PURE, OTHER, TU, "w:drand48() state"),
  S ("lrand48", PURE, OTHER, TU, "w:drand48() state"),
  S ("mrand48", PURE, OTHER, TU, "w:drand48() state"),
  S ("srand48", PURE, OTHER, 0, "w:drand48() state"),
  S ("seed48", READS, STATE, 0, "w:drand48() state"),
  S ("lcong48", READS, OTHER, 0, "w:drand48() state"),
  S ("ecvt", PURE, STATE, 0, "w:ecvt() state"),
  S ("fcvt", PURE, STATE, 0, "w:ecvt() state"),
  S ("getgrent", PURE, STATE, TU, "w:getgrnam() state"),
  S ("getgrgid", PURE, STATE, TU, "w:getgrnam() state"),
  S ("getgrnam", READS, STATE, TU, "w:getgrnam() state"),
  S ("setgrent", PURE, OTHER, TU, "w:getgrnam() state"),
  S ("endgrent", PURE, OTHER, TU, "w:getgrnam() state"),
  S ("getpwent", PURE, STATE, TU, "w:getpwnam() state"),
  S ("getpwnam", READS, STATE, TU, "w:getpwnam() state"),
  S ("getpwuid", PURE, STATE, TU, "w:getpwnam() state"),
  S ("setpwent", PURE, OTHER, TU, "w:getpwnam() state"),
  S ("endpwent", PURE, OTHER, TU, "w:getpwnam() state"),
  S ("getpass", READS, STATE, 0, "w:getpass() state"),
  S ("gethostbyaddr", READS, STATE, TU, "w:gethostbyname() state"),
  S ("gethostbyname", READS, STATE, TU, "w:gethostbyname() state"),
  S ("gethostbyname2", READS, STATE, 0, "w:gethostbyname() state"),
  S ("gethostent", PURE, STATE, TU, "w:gethostbyname() state"),
  S ("sethostent", PURE, OTHER, 0, "w:gethostbyname() state"),
  S ("endhostent", PURE, OTHER, 0, "w:gethostbyname() state"),
  S ("getnetbyaddr", PURE, STATE, TU, "w:getnetbyname() state"),
  S ("getnetbyname", READS, STATE, TU, "w:getnetbyname() state"),
  S ("getnetent", PURE, STATE, TU, "w:getnetbyname() state"),
  S ("getprotobyname", READS, STATE, TU, "w:getprotobyname() state"),
  S ("getprotobynumber", PURE, STATE, TU, "w:getprotobyname() state"),
  S ("getprotoent", PURE, STATE, TU, "w:getprotobyname() state"),
  S ("getservbyname", READS, STATE, TU, "w:getservbyname() state"),
  S ("getservbyport", READS, STATE, TU, "w:getservbyname() state"),
  S ("getservent", PURE, STATE, TU, "w:getservbyname() state"),
  S ("getutxent", PURE, STATE, TU, "w:getutxent() state"),
  S ("getutxid", READS, STATE, TU, "w:getutxent() state"),
  S ("getutxline", READS, STATE, TU, "w:getutxent() state"),
  S ("pututxline", READS, STATE, TU, "w:getutxent() state"),
  S ("setutxent", PURE, OTHER, TU, "w:getutxent() state"),
  S ("endutxent", PURE, OTHER, TU, "w:getutxent() state"),
  S ("getlogin", PURE, STATE, TU, "w:getlogin() state"),
  S ("ttyname", PURE, STATE, TU, "w:ttyname() state"),
  S ("ptsname", PURE, STATE, TU, "w:ptsname() state"),
  S ("inet_ntoa", PURE, STATE, TU, "w:inet_ntoa() state"),
  S ("l64a", PURE, STATE, TU, "w:l64a() state"),
  S ("lgamma", PURE, OTHER, TU, "w:signgam"),
  S ("lgammaf", PURE, OTHER, TU, "w:signgam"),
  S ("lgammal", PURE, OTHER, TU, "w:signgam"),
  S ("hcreate", UNMODELLED, UNKNOWN, TU, "w:hsearch() state"),
  S ("hdestroy", UNMODELLED, UNKNOWN, TU, "w:hsearch() state"),
  S ("hsearch", UNMODELLED, UNKNOWN, TU, "w:hsearch() state"),
  S ("ftw", SEARCH, OTHER, TU|CB, "w:ftw() state"),
  S ("nftw", SEARCH, OTHER, TU|CB, "w:ftw() state"),
  S ("readdir", WRITE0, STATE, TU, "w:readdir() state"),
  S ("system", READS, OTHER, TU, "w:system() state"),
  S ("tmpnam", UNMODELLED, UNKNOWN, 0, "w:tmpnam() state"),
  S ("strsignal", PURE, STATE, TU, "w:strsignal() state," LOCALE),
  S ("strtok", STRTOK, STRTOK, TU, "w:strtok() state"),
  /* the environment and the locale */
  S ("secure_getenv", READS, STATE, 0, "r:getenv() state,r:environ"),
  S ("setenv", READS, OTHER, TU, "w:getenv() state,w:environ"),
  S ("unsetenv", READS, OTHER, TU, "w:getenv() state,w:environ"),
  S ("putenv", READS, STATE_KEEP, TU, "w:getenv() state,w:environ"),
  S ("clearenv", PURE, OTHER, 0, "w:getenv() state,w:environ"),
  S ("setlocale", READS, STATE, TU, "w:setlocale() state"),
  S ("localeconv", PURE, STATE, TU, "w:localeconv() state," LOCALE),
  S ("nl_langinfo", PURE, STATE, TU, LOCALE),
  S ("__ctype_b_loc", PURE, PRIVATE, NC, LOCALE),
  S ("__ctype_tolower_loc", PURE, PRIVATE, NC, LOCALE),
  S ("__ctype_toupper_loc", PURE, PRIVATE, NC, LOCALE),
  S ("strcoll", READS, OTHER, 0, LOCALE),
  S ("strxfrm", WRITE0, OTHER, 0, LOCALE),
  S ("mblen", READS, OTHER, TU, "w:mbtowc() state," LOCALE),
  S ("mbtowc", WRITE0, OTHER, TU, "w:mbtowc() state," LOCALE),
  S ("wctomb", WRITE0, OTHER, TU, "w:mbtowc() state," LOCALE),
  S ("wcstombs", WRITE0, OTHER, TU, "w:wcstombs() state," LOCALE),
  S ("mbstowcs", WRITE0, OTHER, 0, LOCALE),
  /* stdio: the locked functions exclude each other; the _unlocked ones do not */
  S ("getc", PURE, OTHER, 0, STDIO),
  S ("fgetc", PURE, OTHER, 0, STDIO),
  S ("getchar", PURE, OTHER, 0, STDIO),
  S ("ungetc", PURE, OTHER, 0, STDIO),
  S ("clearerr", PURE, OTHER, 0, STDIO),
  S ("fseek", PURE, OTHER, 0, STDIO),
  S ("ftell", PURE, OTHER, 0, STDIO),
  S ("rewind", PURE, OTHER, 0, STDIO),
  S ("setvbuf", UNMODELLED, UNKNOWN, 0, STDIO),  /* the stream keeps the buffer */
  S ("setbuf", UNMODELLED, UNKNOWN, 0, STDIO),
  S ("getc_unlocked", PURE, OTHER, TU, "w:stdio streams"),
  S ("getchar_unlocked", PURE, OTHER, TU, "w:stdio streams"),
  S ("putc_unlocked", PURE, OTHER, TU, "w:stdio streams"),
  S ("putchar_unlocked", PURE, OTHER, TU, "w:stdio streams"),
  S ("fgetc_unlocked", PURE, OTHER, 0, "w:stdio streams"),
  S ("fputc_unlocked", PURE, OTHER, 0, "w:stdio streams"),
  S ("fputs_unlocked", READS, OTHER, 0, "w:stdio streams"),
  S ("fwrite_unlocked", READS, OTHER, 0, "w:stdio streams"),
  S ("fread_unlocked", WRITE0, OTHER, 0, "w:stdio streams"),
  S ("fgets_unlocked", WRITE0, RET0, 0, "w:stdio streams"),
  S ("fflush_unlocked", PURE, OTHER, 0, "w:stdio streams"),
  S ("feof_unlocked", PURE, OTHER, 0, "w:stdio streams"),
  S ("ferror_unlocked", PURE, OTHER, 0, "w:stdio streams"),
  S ("clearerr_unlocked", PURE, OTHER, 0, "w:stdio streams"),
  S ("fileno_unlocked", PURE, OTHER, 0, "w:stdio streams"),
};

#undef R
#undef S
#undef W
#undef X

/* Names that are not rows: any other builtin (fortified or not: __builtin_add_overflow
 * stores its result through a pointer, an intrinsic's builtin stores a vector) reads
 * and writes what its pointer arguments point to; an atomic builtin reads and writes
 * its first argument atomically. */
static const RfCLibcFunc builtin_row = { "__builtin_*", RF_C_LIBC_READS_WRITES, RF_C_LIBC_PTS_OTHER, NC, NULL, NULL, NULL };
static const RfCLibcFunc atomic_row = { "__atomic_*", RF_C_LIBC_ATOMIC_RMW, RF_C_LIBC_PTS_ATOMIC, NC, NULL, NULL, NULL };
/* SV-COMP's __VERIFIER_nondet_int () and the like return an unknown value. */
static const RfCLibcFunc nondet_row = { "__VERIFIER_nondet_*", RF_C_LIBC_PURE, RF_C_LIBC_PTS_OTHER, NC, NULL, NULL, NULL };

/* RowStates: the parsed states of one row. */
typedef struct {
  RfCLibcState *states;
  guint n;
} RowStates;

/* Parses ROW's state list (MODE:NAME,...; MODE r, w or a) once. */
static RowStates
parse_states (const RfCLibcFunc *row)
{
  RowStates rs = { NULL, 0 };
  if (!row->state)
    return rs;
  g_auto (GStrv) items = g_strsplit (row->state, ",", -1);
  rs.n = g_strv_length (items);
  rs.states = g_new0 (RfCLibcState, rs.n);
  for (guint i = 0; i < rs.n; i++)
    {
      const char *it = items[i];
      g_assert (strlen (it) > 2 && it[1] == ':' && strchr ("rwa", it[0]));  /* a row of the table */
      rs.states[i].name = g_intern_string (it + 2);
      rs.states[i].mode = it[0] == 'r' ? RF_C_LIBC_STATE_READ : it[0] == 'w' ? RF_C_LIBC_STATE_WRITE
                                                                           : RF_C_LIBC_STATE_ATOMIC;
    }
  return rs;
}

/* name -> row, and the rows' parsed states (by index); built once, never freed. */
static GHashTable *by_name;
static RowStates *row_states;

static void
build_index (void)
{
  static gsize once = 0;
  if (g_once_init_enter (&once))
    {
      by_name = g_hash_table_new (g_str_hash, g_str_equal);
      row_states = g_new0 (RowStates, G_N_ELEMENTS (table));
      for (guint i = 0; i < G_N_ELEMENTS (table); i++)
        {
          g_assert (!g_hash_table_contains (by_name, table[i].name));  /* one row per name */
          g_hash_table_insert (by_name, (gpointer) table[i].name, (gpointer) &table[i]);
          row_states[i] = parse_states (&table[i]);
        }
      g_once_init_leave (&once, 1);
    }
}

static GHashTable *
rows_by_name (void)
{
  build_index ();
  return by_name;
}

const RfCLibcState *
rf_c_libc_states (const RfCLibcFunc *f, guint *n_states)
{
  *n_states = 0;
  if (!f || f < table || f >= table + G_N_ELEMENTS (table))
    return NULL;  /* no row of the table: the builtin and atomic rows have none */
  build_index ();
  const RowStates *rs = &row_states[f - table];
  *n_states = rs->n;
  return rs->states;
}

gboolean
rf_c_libc_state_is_variable (const char *name)
{
  if (!name || !(g_ascii_isalpha (name[0]) || name[0] == '_'))
    return FALSE;
  for (const char *c = name; *c; c++)
    if (!(g_ascii_isalnum (*c) || *c == '_'))
      return FALSE;
  return TRUE;
}

static gboolean
is_atomic_name (const char *name)
{
  return g_str_has_prefix (name, "__atomic_") || g_str_has_prefix (name, "__sync_") || g_str_has_prefix (name, "atomic_");
}

const RfCLibcFunc *
rf_c_libc_lookup (const char *name)
{
  if (!name)
    return NULL;
  const RfCLibcFunc *f = g_hash_table_lookup (rows_by_name (), name);
  if (f)
    return f;
  if (is_atomic_name (name))
    return &atomic_row;
  if (g_str_has_prefix (name, "__VERIFIER_nondet_"))
    return &nondet_row;
  if (!g_str_has_prefix (name, "__builtin_"))
    return NULL;
  const char *rest = name + strlen ("__builtin_");
  if (g_str_has_prefix (rest, "__") && g_str_has_suffix (rest, "_chk"))
    {
      /* fortified: __builtin___memcpy_chk is memcpy */
      g_autofree char *plain = g_strndup (rest + 2, strlen (rest) - 6);
      f = rf_c_libc_lookup (plain);
      return f ? f : &builtin_row;
    }
  f = rf_c_libc_lookup (rest);
  return f ? f : &builtin_row;
}

gboolean
rf_c_libc_is_pure (RfCLibcEffect k)
{
  return k == RF_C_LIBC_PURE || k == RF_C_LIBC_SLEEP || k == RF_C_LIBC_DETACH || k == RF_C_LIBC_DETACH_STATE;
}

gboolean
rf_c_libc_lowers (const RfCLibcFunc *f, gboolean user_body)
{
  return f && f->effect != RF_C_LIBC_UNMODELLED && !(user_body && rf_c_libc_is_pure (f->effect));
}

gboolean
rf_c_libc_points (const RfCLibcFunc *f, gboolean user_body)
{
  return f && f->pointers != RF_C_LIBC_PTS_UNKNOWN
         && !(user_body && (rf_c_libc_is_pure (f->effect) || f->effect == RF_C_LIBC_UNMODELLED));
}

gboolean
rf_c_libc_may_cancel (const char *name)
{
  if (!name)
    return TRUE;
  if (g_str_has_prefix (name, "__builtin_") || g_str_has_prefix (name, "__pthread_"))
    return FALSE;
  const RfCLibcFunc *f = rf_c_libc_lookup (name);
  if (f)
    return !(f->flags & RF_C_LIBC_NO_CANCEL);
  /* the pthread functions that are cancellation points are all rows */
  return !g_str_has_prefix (name, "pthread_");
}

gboolean
rf_c_libc_is_try (RfCLibcEffect e)
{
  return e == RF_C_LIBC_TRYLOCK || e == RF_C_LIBC_TRY_RDLOCK || e == RF_C_LIBC_TRY_WRLOCK
         || e == RF_C_LIBC_SEM_TRYWAIT;
}

guint
rf_c_libc_n_functions (void)
{
  return G_N_ELEMENTS (table);
}

const RfCLibcFunc *
rf_c_libc_get (guint i)
{
  g_return_val_if_fail (i < G_N_ELEMENTS (table), NULL);
  return &table[i];
}

const char *
rf_c_libc_effect_describe (RfCLibcEffect e)
{
  static const char *const text[RF_C_LIBC_N_EFFECTS] = {
    [RF_C_LIBC_UNMODELLED] = "code without a body (reads and writes what its pointer arguments point to)",
    [RF_C_LIBC_PURE] = "no memory effect",
    [RF_C_LIBC_READS] = "reads through every pointer argument",
    [RF_C_LIBC_READS_WRITES] = "reads and writes through every pointer argument",
    [RF_C_LIBC_WRITE0] = "writes through argument 1, reads through the others",
    [RF_C_LIBC_WRITE0_ONLY] = "writes through argument 1",
    [RF_C_LIBC_WRITE1] = "writes through argument 2, reads through the others",
    [RF_C_LIBC_STRTOK] = "writes through argument 1 and its result, reads 2, reads and writes 3",
    [RF_C_LIBC_SCANF] = "reads the format, writes through every later pointer",
    [RF_C_LIBC_SSCANF] = "reads arguments 1 and 2, writes through every later pointer",
    [RF_C_LIBC_SORT] = "reads and writes the array; calls the comparator back",
    [RF_C_LIBC_SEARCH] = "reads through its pointer arguments; calls its function arguments back",
    [RF_C_LIBC_ALLOC] = "a new object (one per allocation site)",
    [RF_C_LIBC_REALLOC] = "reads and writes through argument 1; a new object",
    [RF_C_LIBC_FREE] = "writes through argument 1",
    [RF_C_LIBC_EXIT] = "the thread ends",
    [RF_C_LIBC_SETJMP] = "returns; again, not 0, after a longjmp to it (a jump target of the thread)",
    [RF_C_LIBC_LONGJMP] = "jumps back to any setjmp of the thread",
    [RF_C_LIBC_CLEANUP_PUSH] = "registers a cleanup handler (pthread_cleanup_push): cancellation and pthread_exit run it",
    [RF_C_LIBC_CLEANUP_POP] = "ends the cleanup handler's registration (pthread_cleanup_pop)",
    [RF_C_LIBC_UNWIND] = "unwinding goes on to the next cleanup handler, or the thread ends",
    [RF_C_LIBC_AT_EXIT] = "the handler runs once, in a thread of its own",
    [RF_C_LIBC_SIGNAL_HANDLER] = "the handler runs at any time, in a thread of its own",
    [RF_C_LIBC_SIGACTION] = "any function that may be the handler runs at any time, in a thread of its own",
    [RF_C_LIBC_CREATE] = "starts a thread of the start routine",
    [RF_C_LIBC_JOIN] = "waits for a thread created with the handle",
    [RF_C_LIBC_KEY_CREATE] = "writes the key; the destructor runs in a thread of its own",
    [RF_C_LIBC_ONCE] = "the init routine runs once, in the first caller",
    [RF_C_LIBC_DETACH] = "no memory effect; detaches the thread (the join misuse questions)",
    [RF_C_LIBC_DETACH_STATE] = "no memory effect; threads created with the attribute may be detached (the join misuse questions)",
    [RF_C_LIBC_LOCK] = "locks a mutex",
    [RF_C_LIBC_UNLOCK] = "unlocks a mutex",
    [RF_C_LIBC_TRYLOCK] = "locks a mutex, or fails",
    [RF_C_LIBC_RDLOCK] = "locks an rwlock for reading",
    [RF_C_LIBC_WRLOCK] = "locks an rwlock for writing",
    [RF_C_LIBC_RWUNLOCK] = "unlocks an rwlock",
    [RF_C_LIBC_TRY_RDLOCK] = "locks an rwlock for reading, or fails",
    [RF_C_LIBC_TRY_WRLOCK] = "locks an rwlock for writing, or fails",
    [RF_C_LIBC_WAIT] = "waits on a condition variable",
    [RF_C_LIBC_SIGNAL] = "signals a condition variable",
    [RF_C_LIBC_BROADCAST] = "broadcasts a condition variable",
    [RF_C_LIBC_SEM_INIT] = "sets a semaphore's initial value",
    [RF_C_LIBC_SEM_POST] = "posts a semaphore",
    [RF_C_LIBC_SEM_WAIT] = "waits on a semaphore",
    [RF_C_LIBC_SEM_TRYWAIT] = "takes from a semaphore, or fails",
    [RF_C_LIBC_SLEEP] = "sleeps: no memory effect (a step of its own where spinlocks are taken)",
    [RF_C_LIBC_NOSYNC] = "no synchronisation assumed (warning)",
    [RF_C_LIBC_FORK] = "the child is followed as the caller going on, beside the other threads (warning)",
    [RF_C_LIBC_ATOMIC_BEGIN] = "starts an atomic section (SV-COMP)",
    [RF_C_LIBC_ATOMIC_END] = "ends an atomic section (SV-COMP)",
    [RF_C_LIBC_ASSUME] = "blocks for ever when argument 1 is false (SV-COMP)",
    [RF_C_LIBC_ATOMIC_LOAD] = "atomic read through argument 1",
    [RF_C_LIBC_ATOMIC_LOAD_GENERIC] = "atomic read through argument 1, writes through argument 2",
    [RF_C_LIBC_ATOMIC_STORE] = "atomic write through argument 1",
    [RF_C_LIBC_ATOMIC_STORE_GENERIC] = "atomic write through argument 1, reads through argument 2",
    [RF_C_LIBC_ATOMIC_RMW] = "atomic read and write through argument 1",
    [RF_C_LIBC_ATOMIC_FENCE] = "no memory effect",
    [RF_C_LIBC_UNSUPPORTED] = "unsupported (error)",
  };
  g_return_val_if_fail (e < RF_C_LIBC_N_EFFECTS, "?");
  return text[e];
}

const char *
rf_c_libc_pointers_describe (RfCLibcPointers p)
{
  static const char *const text[RF_C_LIBC_N_PTS] = {
    [RF_C_LIBC_PTS_UNKNOWN] = "unknown code",
    [RF_C_LIBC_PTS_OTHER] = "none (a pointer result is unknown)",
    [RF_C_LIBC_PTS_ALLOC] = "returns its allocation site's object",
    [RF_C_LIBC_PTS_REALLOC] = "returns its site's object or the argument's",
    [RF_C_LIBC_PTS_RET0] = "returns a pointer into argument 1",
    [RF_C_LIBC_PTS_COPY] = "copies the pointers; returns argument 1",
    [RF_C_LIBC_PTS_BYTES0] = "writes characters through argument 1; returns it",
    [RF_C_LIBC_PTS_SET] = "writes bytes through argument 1; returns it",
    [RF_C_LIBC_PTS_SCAN] = "writes data through the pointers after argument 1",
    [RF_C_LIBC_PTS_SSCAN] = "writes data through the pointers after argument 2",
    [RF_C_LIBC_PTS_ENDPTR] = "stores a pointer into argument 1 through argument 2",
    [RF_C_LIBC_PTS_SETSPECIFIC] = "keeps argument 2 as a thread-specific value",
    [RF_C_LIBC_PTS_GETSPECIFIC] = "returns a thread-specific value",
    [RF_C_LIBC_PTS_KEYCREATE] = "the destructor gets a thread-specific value",
    [RF_C_LIBC_PTS_STRTOK] = "returns a pointer into argument 1 or where argument 3 (strtok: its state) points",
    [RF_C_LIBC_PTS_CREATE] = "the start routine gets argument 4",
    [RF_C_LIBC_PTS_JOIN] = "stores an unknown pointer through argument 2",
    [RF_C_LIBC_PTS_PRIVATE] = "returns memory no program object shares",
    [RF_C_LIBC_PTS_ATOMIC] = "the object argument 1 points to takes the values given",
    [RF_C_LIBC_PTS_STATE] = "returns a pointer into its library state",
    [RF_C_LIBC_PTS_STATE_KEEP] = "its library state keeps argument 1",
  };
  g_return_val_if_fail (p < RF_C_LIBC_N_PTS, "?");
  return text[p];
}

static int
cmp_rows (gconstpointer a, gconstpointer b)
{
  return strcmp ((*(const RfCLibcFunc *const *) a)->name, (*(const RfCLibcFunc *const *) b)->name);
}

char *
rf_c_libc_to_markdown (void)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    g_ptr_array_add (rows, (gpointer) &table[i]);
  g_ptr_array_sort (rows, cmp_rows);
  GString *out = g_string_new ("| function | effect (lowering) | pointers (points-to) | cancellation point | "
                               "thread-safe | hidden state |\n|---|---|---|---|---|---|\n");
  for (guint i = 0; i < rows->len; i++)
    {
      const RfCLibcFunc *f = g_ptr_array_index (rows, i);
      g_autoptr (GString) effect = g_string_new (NULL);
      if (f->effect == RF_C_LIBC_UNSUPPORTED)
        g_string_append_printf (effect, "unsupported: %s", f->why ? f->why : "cannot be modelled");
      else
        g_string_append (effect, rf_c_libc_effect_describe (f->effect));
      if (f->flags & RF_C_LIBC_CALLS_BACK)
        g_string_append (effect, "; its function arguments do not escape");
      if (f->flags & RF_C_LIBC_CANCELS)
        g_string_append (effect, "; the program cancels threads: each may end at any cancellation point");
      if (f->flags & RF_C_LIBC_MUTEX_TYPE)
        g_string_append (effect, "; sets a mutex type (recursive mutexes)");
      g_autoptr (GString) state = g_string_new (NULL);
      guint n;
      const RfCLibcState *st = rf_c_libc_states (f, &n);
      for (guint k = 0; k < n; k++)
        g_string_append_printf (state, "%s%s `%s`", k ? ", " : "",
                                st[k].mode == RF_C_LIBC_STATE_READ ? "reads"
                                : st[k].mode == RF_C_LIBC_STATE_WRITE ? "writes" : "writes (locked)", st[k].name);
      g_string_append_printf (out, "| `%s` | %s | %s | %s | %s | %s |\n", f->name, effect->str,
                              rf_c_libc_pointers_describe (f->pointers), rf_c_libc_may_cancel (f->name) ? "may be" : "no",
                              f->flags & RF_C_LIBC_THREAD_UNSAFE ? "**no**" : "yes", state->str);
    }
  return g_string_free (out, FALSE);
}
