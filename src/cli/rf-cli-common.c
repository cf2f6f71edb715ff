/* rf-cli-common: what the commands of the command line share: their options (the C
 * front end's, the search budget, the report format, --max-errors, --certificate),
 * reading the inputs, progress on a terminal, and writing reports and certificates.
 *
 * A helper that can fail writes its message to the error sink itself and returns a
 * failure (FALSE, NULL or -1; cli_parse_options an exit status), so that a command
 * only has to return it as an exit status, RF_EXIT_INPUT for an error. */
#include "rf-cli-private.h"

#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "rf-report-cert.h"

void
cli_print_error (RfOut *err, const char *cmd, const char *what, const GError *error)
{
  g_autofree char *message = rf_diag_plain_quotes (error->message);
  rf_out_printf (err, "racefree%s%s: error: %s%s%s\n", cmd ? " " : "", cmd ? cmd : "", what ? what : "",
                 what ? ": " : "", message);
}

void
cli_c_args_clear (CArgs *a)
{
  g_strfreev (a->include_dirs);
  g_strfreev (a->defines);
  g_strfreev (a->undefs);
  g_strfreev (a->entries);
  g_free (a->std);
  g_free (a->init);
}

void
cli_c_args_add_entries (GOptionContext *ctx, CArgs *a)
{
  GOptionEntry entries[] = {
    { "include", 'I', 0, G_OPTION_ARG_FILENAME_ARRAY, &a->include_dirs, "C: add DIR to the include path", "DIR" },
    { "define", 'D', 0, G_OPTION_ARG_STRING_ARRAY, &a->defines, "C: define a macro", "NAME[=VALUE]" },
    { "undef", 'U', 0, G_OPTION_ARG_STRING_ARRAY, &a->undefs, "C: undefine a macro", "NAME" },
    { "std", 0, 0, G_OPTION_ARG_STRING, &a->std, "C: language standard (also -std=STD)", "STD" },
    { "entry", 0, 0, G_OPTION_ARG_STRING_ARRAY, &a->entries, "C module: an entry function (repeatable; default: every non-static function)", "F" },
    { "init", 0, 0, G_OPTION_ARG_STRING, &a->init, "C module: a function that runs alone before any entry", "F" },
    { "no-library-state", 0, 0, G_OPTION_ARG_NONE, &a->no_library_state,
      "C: library calls share no hidden state (no races on 'rand() state', 'localtime() state'...)", NULL },
    { "inline-budget", 0, 0, G_OPTION_ARG_INT, &a->inline_budget,
      "C: estimated statements per thread past which functions called from several places share one copy (default 20000)",
      "N" },
    { NULL },
  };
  g_option_context_add_main_entries (ctx, entries, NULL);
}

/* GOption reads `-I dir`; the compilers' `-Idir` and `-std=X` forms are split here
 * (ARGV is modified in place; the strings are owned by KEEP). */
void
cli_c_args_presplit (int *argc, char ***argv, GPtrArray *keep)
{
  GPtrArray *out = g_ptr_array_new ();
  for (int i = 0; i < *argc; i++)
    {
      const char *s = (*argv)[i];
      if (i > 0 && (g_str_has_prefix (s, "-I") || g_str_has_prefix (s, "-D") || g_str_has_prefix (s, "-U"))
          && strlen (s) > 2)
        {
          char *flag = g_strndup (s, 2), *val = g_strdup (s + 2);
          g_ptr_array_add (keep, flag);
          g_ptr_array_add (keep, val);
          g_ptr_array_add (out, flag);
          g_ptr_array_add (out, val);
        }
      else if (i > 0 && g_str_has_prefix (s, "-std="))
        {
          char *v = g_strconcat ("-", s, NULL);
          g_ptr_array_add (keep, v);
          g_ptr_array_add (out, v);
        }
      else
        g_ptr_array_add (out, (*argv)[i]);
    }
  g_ptr_array_add (out, NULL);
  *argc = (int) out->len - 1;
  g_ptr_array_add (keep, out->pdata);
  *argv = (char **) g_ptr_array_free (out, FALSE);
}

/* The driver's options from the C options A and a .tts net's PROP (may be NULL). */
RfDriverOptions
cli_driver_options (const CArgs *a, const char *prop)
{
  return (RfDriverOptions) {
    { (const char *const *) a->include_dirs, (const char *const *) a->defines,
      (const char *const *) a->undefs, a->std, NULL },
    { (const char *const *) a->entries, a->init, a->no_library_state, a->inline_budget },
    prop,
  };
}

/* Parses the options of command CMD. Returns RF_EXIT_OK after printing the help when
 * *HELP was given, RF_EXIT_INPUT after a usage error, or -1 to go on. */
int
cli_parse_options (GOptionContext *ctx, int *argc, char ***argv, const gboolean *help,
                   RfOut *out, RfOut *err, const char *cmd)
{
  g_autoptr (GError) error = NULL;
  gboolean version = FALSE;
  GOptionEntry version_entry[] = {
    { "version", 0, 0, G_OPTION_ARG_NONE, &version, "Show the version", NULL },
    { NULL },
  };
  g_option_context_add_main_entries (ctx, version_entry, NULL);
  g_option_context_set_help_enabled (ctx, FALSE);
  if (!g_option_context_parse (ctx, argc, argv, &error))
    {
      cli_print_error (err, cmd, NULL, error);
      rf_out_printf (err, "Try 'racefree %s --help'.\n", cmd);
      return RF_EXIT_INPUT;
    }
  if (*help)
    {
      g_autofree char *h = g_option_context_get_help (ctx, TRUE, NULL);
      rf_out_puts (out, h);
      return RF_EXIT_OK;
    }
  if (version)
    {
      rf_out_puts (out, "racefree " RF_VERSION "\n");
      return RF_EXIT_OK;
    }
  return -1;
}

void
cli_budget_args_clear (BudgetArgs *a)
{
  g_free (a->max_memory);
}

/* Bytes of a --max-memory SIZE: a number (digits, with an optional fraction) and an
 * optional unit K, M, G or T (powers of 1024; "KB", "KiB" alike), else FALSE. */
static gboolean
parse_size (const char *text, guint64 *bytes)
{
  if (!g_ascii_isdigit (text[0]))
    return FALSE;
  char *end = NULL;
  gdouble v = g_ascii_strtod (text, &end);
  if (!isfinite (v) || v < 0)
    return FALSE;
  static const char units[] = "KMGT";
  const char *u = *end ? strchr (units, g_ascii_toupper (*end)) : NULL;
  gdouble scale = 1;
  if (u)
    {
      for (const char *k = units; k <= u; k++)
        scale *= 1024;
      end++;
      if (*end == 'i')
        end++;
    }
  if (*end == 'B' || (*end == 'b' && u))
    end++;
  if (*end || v * scale >= 9e18)
    return FALSE;
  *bytes = (guint64) (v * scale);
  return TRUE;
}

/* The memory budget when no --max-memory is given: when the process's address space
 * or data segment is limited (ulimit -v, ulimit -d), half of what the limit leaves
 * now (the address space mapped so far, from /proc/self/statm, taken off), so that a
 * search under such a limit ends as unknown instead of an allocation failing; else 0
 * (none). */
static guint64
default_max_memory (void)
{
  guint64 limit = 0;
  const int resources[] = { RLIMIT_AS, RLIMIT_DATA };
  for (guint i = 0; i < G_N_ELEMENTS (resources); i++)
    {
      struct rlimit rl;
      if (getrlimit (resources[i], &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
        limit = limit ? MIN (limit, (guint64) rl.rlim_cur) : (guint64) rl.rlim_cur;
    }
  if (!limit)
    return 0;
  g_autofree char *statm = NULL;
  guint64 mapped = 0;
  if (g_file_get_contents ("/proc/self/statm", &statm, NULL, NULL))
    mapped = g_ascii_strtoull (statm, NULL, 10) * (guint64) sysconf (_SC_PAGESIZE);
  return limit > mapped ? MAX ((limit - mapped) / 2, 1) : 1;
}

/* TRUE when SECONDS is a usable time budget (finite, 0 or more); else a usage error
 * in ERR naming OPTION. */
static gboolean
check_seconds (gdouble seconds, const char *option, RfOut *err, const char *cmd)
{
  if (isfinite (seconds) && seconds >= 0)
    return TRUE;
  rf_out_printf (err, "racefree %s: error: %s must be a number of seconds, 0 (no limit) or more, not '%g'\n"
                 "Try 'racefree %s --help'.\n", cmd, option, seconds, cmd);
  return FALSE;
}

/* The search budget of the options A for a run that began at START_US
 * (rf_cover_cpu_time_us), or FALSE after a usage error. */
gboolean
cli_search_budget (const BudgetArgs *a, gint64 start_us, RfCoverBudget *budget, RfOut *err,
                   const char *cmd)
{
  if (a->max_markings < 0)
    {
      rf_out_printf (err, "racefree %s: error: --max-markings must be a number of markings, 0 (no limit) or more\n"
                     "Try 'racefree %s --help'.\n", cmd, cmd);
      return FALSE;
    }
  if (!check_seconds (a->timeout, "--timeout", err, cmd) || !check_seconds (a->total_timeout, "--total-timeout", err, cmd))
    return FALSE;
  guint64 max_bytes = default_max_memory ();
  if (a->max_memory && !parse_size (a->max_memory, &max_bytes))
    {
      rf_out_printf (err, "racefree %s: error: --max-memory '%s': expected a size such as 512M or 2G "
                     "(bytes, or K, M, G, T for powers of 1024; 0: no limit)\nTry 'racefree %s --help'.\n",
                     cmd, a->max_memory, cmd);
      return FALSE;
    }
  *budget = (RfCoverBudget) { .max_markings = (guint64) a->max_markings, .timeout_s = a->timeout,
                              .max_bytes = max_bytes, .backward_only = a->backward_only,
                              .no_state_equation = a->no_steq };
  if (a->total_timeout > 0)
    budget->deadline_us = start_us + (gint64) (a->total_timeout * G_USEC_PER_SEC);
  return TRUE;
}

static void
print_progress (const RfCoverProgress *p, gpointer data)
{
  Progress *pr = data;
  /* a long name is cut, so that the line stays within a terminal's width */
  g_autofree char *label = NULL;
  if (p->label && g_utf8_validate (p->label, -1, NULL))
    label = g_utf8_substring (p->label, 0, MIN (g_utf8_strlen (p->label, -1), 24));  /* end within the string */
  else if (p->label)
    label = g_strndup (p->label, 24);
  /* the budget: its limits beside what the search used, and what is left of the run's */
  g_autoptr (GString) line = g_string_new ("\r");
  g_string_append_printf (line, "%s%s%" G_GUINT64_FORMAT " kept", label ? label : "", label ? ": " : "", p->kept);
  if (pr->budget.max_markings)
    g_string_append_printf (line, " (max %" G_GUINT64_FORMAT ")", pr->budget.max_markings);
  g_string_append_printf (line, ", %" G_GUINT64_FORMAT " frontier, %.0f markings/s, %.1f s", p->frontier, p->rate,
                          p->elapsed_s);
  if (pr->budget.timeout_s > 0)
    g_string_append_printf (line, " (timeout %g s)", pr->budget.timeout_s);
  if (pr->budget.deadline_us > 0)
    g_string_append_printf (line, ", %.0f s left in all",
                            MAX (0, (pr->budget.deadline_us - rf_cover_cpu_time_us ()) / 1e6));
  g_string_append (line, "\033[K");
  rf_out_write_string (pr->err, line);
  pr->shown = TRUE;
}

/* Turns progress on in BUDGET when stderr is a terminal and FORMAT is text (JSON and
 * SARIF reports stay free of it, even on a terminal). */
void
cli_progress_begin (RfCoverBudget *budget, Progress *pr, const RfReportFormat *format)
{
  if (format != &rf_report_format_text || !rf_out_is_terminal (pr->err))
    return;
  budget->progress = print_progress;
  budget->progress_data = pr;
  pr->budget = *budget;
  const char *interval = g_getenv ("RF_PROGRESS_INTERVAL");
  if (interval)
    budget->progress_interval_s = g_ascii_strtod (interval, NULL);
}

/* Erases the progress line, if any. */
void
cli_progress_end (Progress *pr)
{
  if (!pr->shown)
    return;
  rf_out_puts (pr->err, "\r\033[K");
  pr->shown = FALSE;
}

/* Set by the SIGINT handler; read by the searches through RfCoverBudget.cancel. */
static volatile gint interrupted;
static struct sigaction previous_sigint;

static void
on_sigint (int sig)
{
  (void) sig;
  interrupted = 1;
}

void
cli_interrupt_begin (RfCoverBudget *budget)
{
  interrupted = 0;
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  sa.sa_flags = SA_RESETHAND | SA_RESTART;   /* a second Ctrl-C: the default action */
  sigemptyset (&sa.sa_mask);
  sigaction (SIGINT, &sa, &previous_sigint);
  budget->cancel = &interrupted;
}

gboolean
cli_interrupt_end (void)
{
  sigaction (SIGINT, &previous_sigint, NULL);
  return interrupted != 0;
}

/* Writes DIAGS (rf_diags_render) to ERR. */
void
cli_write_diags (const RfDiags *diags, RfOut *err)
{
  g_autoptr (GString) text = g_string_new (NULL);
  rf_diags_render (diags, text);
  rf_out_write_string (err, text);
}

/* Reads the inputs of RES for a command wanting PRODUCT (rf_driver_load), stopping
 * after MAX_ERRORS errors (0: none). Diagnostics go to ERR as they are found, never
 * kept. FALSE after a message in ERR: a usage error for a wrong number of files or a
 * negative MAX_ERRORS, else the diagnostics and a note when they were cut short, or
 * the error itself when there are none; a usage error for a negative --inline-budget. */
gboolean
cli_load_inputs (RfCheckResult *res, RfDriverProduct product, const RfDriverOptions *opts,
                 gint64 max_errors, RfOut *err, const char *cmd)
{
  g_autoptr (GError) error = NULL;
  if (max_errors < 0 || max_errors > G_MAXUINT)
    {
      rf_out_printf (err, "racefree %s: error: --max-errors must be a number of errors from 0 (no limit) to %u\n"
                     "Try 'racefree %s --help'.\n", cmd, G_MAXUINT, cmd);
      return FALSE;
    }
  if (opts->lower.inline_budget < 0)
    {
      rf_out_printf (err, "racefree %s: error: --inline-budget must be a number of statements, 1 or more "
                     "(0: the default)\nTry 'racefree %s --help'.\n", cmd, cmd);
      return FALSE;
    }
  RfDiags *diags = rf_check_result_get_diags (res);
  rf_diags_set_output (diags, err);
  rf_diags_set_max_errors (diags, (guint) max_errors);
  gboolean ok = rf_driver_load (res, product, opts, &error);
  rf_diags_set_output (diags, NULL);
  if (!ok)
    {
      if (g_error_matches (error, RF_DRIVER_ERROR, RF_DRIVER_ERROR_NO_INPUT)
          || g_error_matches (error, RF_DRIVER_ERROR, RF_DRIVER_ERROR_TOO_MANY))
        {
          cli_print_error (err, cmd, NULL, error);
          rf_out_printf (err, "Try 'racefree %s --help'.\n", cmd);
        }
      else if (rf_diags_stopped (diags) && max_errors > 0 && rf_diags_n_errors (diags) >= max_errors)
        rf_out_printf (err, "racefree %s: note: too many errors; stopping (--max-errors %" G_GINT64_FORMAT ")\n",
                       cmd, max_errors);
      else if (rf_diags_n_errors (diags) == 0)
        cli_print_error (err, NULL, NULL, error);
      return FALSE;
    }
  return TRUE;
}

/* The base name of FILE without its extension, as a graph name. Owned. */
char *
cli_graph_name_of (const char *file)
{
  char *base = g_path_get_basename (file);
  char *dot = strrchr (base, '.');
  if (dot && dot != base)
    *dot = '\0';
  return base;
}

/* Data variable NAME of PROG for option OPTION, or -1 after a usage error listing
 * the program's shared data variables. */
gint
cli_data_var (const RfProgram *prog, const char *name, const char *option, RfOut *err, const char *cmd)
{
  gint v = rf_program_lookup_var (prog, name);
  if (v >= 0 && rf_program_get_var (prog, v)->kind == RF_VAR_DATA)
    return v;
  g_autoptr (GString) names = g_string_new (NULL);
  for (guint i = 0; i < rf_program_n_vars (prog); i++)
    {
      const RfVar *var = rf_program_get_var (prog, i);
      if (var->kind == RF_VAR_DATA)
        g_string_append_printf (names, "%s%s", names->len ? ", " : "", var->name);
    }
  rf_out_printf (err, "racefree %s: error: %s '%s': %s", cmd, option, name,
                 v >= 0 ? "not a shared data variable" : "no such shared variable");
  if (names->len)
    rf_out_printf (err, " (expected one of: %s)\n", names->str);
  else
    rf_out_puts (err, " (the program has no shared data variables)\n");
  return -1;
}

/* The report format called NAME (NULL: text) that can report a check of kind COVER,
 * or NULL after a usage message in ERR. */
const RfReportFormat *
cli_choose_format (const char *name, gboolean cover, RfOut *err, const char *cmd)
{
  const RfReportFormat *fmt = rf_report_format_lookup (name ? name : "text");
  if (!fmt)
    rf_out_printf (err, "racefree %s: error: unknown format '%s' (expected %s)\nTry 'racefree %s --help'.\n",
                   cmd, name, rf_report_format_names (), cmd);
  else if (cover ? !fmt->cover : !fmt->check)
    {
      /* The formats that can report this command, in table order. */
      g_autoptr (GString) usable = g_string_new (NULL);
      g_auto (GStrv) names = g_strsplit (rf_report_format_names (), ", ", -1);
      for (guint i = 0; names[i]; i++)
        {
          const RfReportFormat *f = rf_report_format_lookup (names[i]);
          if (cover ? f->cover != NULL : f->check != NULL)
            g_string_append_printf (usable, "%s%s", usable->len ? ", " : "", names[i]);
        }
      rf_out_printf (err, "racefree %s: error: format '%s' is not available for %s (expected %s)\n"
                     "Try 'racefree %s --help'.\n", cmd, name, cmd, usable->str, cmd);
      fmt = NULL;
    }
  return fmt;
}

/* The positional arguments of a command (ARGV[1..ARGC-1]) as a NULL-terminated
 * array (owned; the strings borrowed from ARGV). */
const char **
cli_positional (int argc, char **argv)
{
  const char **files = g_new0 (const char *, MAX (argc, 1));
  for (int i = 1; i < argc; i++)
    files[i - 1] = argv[i];
  return files;
}

/* Appends what REPORT (a report function of a format, may be NULL) writes about RES
 * to OUT. */
void
cli_write_report (void (*report) (const RfCheckResult *, const RfReportOptions *, GString *),
                  const RfCheckResult *res, const RfReportOptions *opts, RfOut *out)
{
  if (!report)
    return;
  g_autoptr (GString) text = g_string_new (NULL);
  report (res, opts, text);
  rf_out_write_string (out, text);
}

/* FALSE after a usage message in ERR when --certificate FILE cannot be written: FILE is
 * a folder, or its folder is missing or (FILE not being a device or pipe, written in
 * place) not writable. Checked before a search, which may be long. */
gboolean
cli_certificate_usable (const char *file, RfOut *err, const char *cmd)
{
  g_autofree char *dir = g_path_get_dirname (file);
  const char *why = NULL;
  if (!*file)
    why = "is no file name";
  else if (g_file_test (file, G_FILE_TEST_IS_DIR))
    why = "is a folder";
  else if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    why = "is in no existing folder";
  else if ((!g_file_test (file, G_FILE_TEST_EXISTS) || g_file_test (file, G_FILE_TEST_IS_REGULAR))
           && g_access (dir, W_OK) != 0)
    why = "is in a folder that is not writable";
  if (why)
    rf_out_printf (err, "racefree %s: error: --certificate: '%s' %s\nTry 'racefree %s --help'.\n", cmd, file, why,
                   cmd);
  return why == NULL;
}

/* --certificate FILE: the proof certificate of RES written to FILE (atomically); FALSE
 * after a message in ERR. */
gboolean
cli_write_certificate (const RfCheckResult *res, const char *file, RfOut *err, const char *cmd)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  rf_report_cert (res, text);
  if (rf_out_write_file (file, text->str, text->len, NULL, &error))
    return TRUE;
  cli_print_error (err, cmd, "--certificate", error);
  return FALSE;
}
