/* rf-cli: command dispatch, options and output. Every command asks the driver's
 * registry for the front end of its inputs (rf-driver.h), runs its stages into one
 * check result, and has the reports read it. Text goes to the output sinks (rf-out.h)
 * as soon as it is ready: the text report verdict by verdict, the other formats when
 * whole. A failed write to standard output or error ends the run with exit status 2
 * and a message (rf_cli_run). Output files are written by rf_out_write_file(s)
 * (atomically, through symbolic links, devices in place), so a failed run never
 * leaves a partial file behind; their destinations are checked before the search. */
#include "rf-cli.h"

#include <math.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "rf-certify.h"
#include "rf-driver.h"
#include "rf-dot.h"
#include "rf-program-sml.h"
#include "rf-report.h"
#include "rf-report-cert.h"
#include "rf-report-html.h"

static const char *usage_text =
  "Usage: racefree COMMAND [OPTIONS] FILE\n"
  "\n"
  "Prove pthreaded programs free of data races, for any number of threads,\n"
  "or show an interleaving that races.\n"
  "\n"
  "Commands:\n"
  "  check FILE.sml     decide, for every shared variable, whether it can race\n"
  "  check FILE.c...    the same for C files (or a C module: --entry, --init)\n"
  "  model FILE.c...    print the program model extracted from C files as SML\n"
  "  net FILE.sml|.c    write the Petri net built from the program (Graphviz DOT)\n"
  "  cover FILE         decide coverability for a net in mist .spec or bfc .tts format\n"
  "  verify-cert FILE   check a proof certificate of check or cover, independently\n"
  "  help [COMMAND]     show help for racefree or for one command\n"
  "\n"
  "Options:\n"
  "  -h, --help         show this help\n"
  "  --version          show the version\n"
  "\n"
  "Exit status: 0 race-free, 1 race found, 2 usage or input error,\n"
  "3 unknown (search budget exhausted).\n"
  "Run 'racefree COMMAND --help' for the options of a command.\n";

/* C front-end options of check and model (-I, -D, -U, -std, --entry, --init). */
typedef struct {
  char **include_dirs, **defines, **undefs, **entries;
  char *std, *init;
  gboolean no_library_state;
} CArgs;

static void
c_args_clear (CArgs *a)
{
  g_strfreev (a->include_dirs);
  g_strfreev (a->defines);
  g_strfreev (a->undefs);
  g_strfreev (a->entries);
  g_free (a->std);
  g_free (a->init);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CArgs, c_args_clear)

static void
c_args_add_entries (GOptionContext *ctx, CArgs *a)
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
    { NULL },
  };
  g_option_context_add_main_entries (ctx, entries, NULL);
}

/* GOption reads `-I dir`; the compilers' `-Idir` and `-std=X` forms are split here
 * (ARGV is modified in place; the strings are owned by KEEP). */
static void
c_args_presplit (int *argc, char ***argv, GPtrArray *keep)
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
static RfDriverOptions
driver_options (const CArgs *a, const char *prop)
{
  return (RfDriverOptions) {
    { (const char *const *) a->include_dirs, (const char *const *) a->defines,
      (const char *const *) a->undefs, a->std, NULL },
    { (const char *const *) a->entries, a->init, a->no_library_state },
    prop,
  };
}

/* Parses the options of command CMD. Returns RF_EXIT_OK after printing the help when
 * *HELP was given, RF_EXIT_INPUT after a usage error, or -1 to go on. */
static int
parse_options (GOptionContext *ctx, int *argc, char ***argv, const gboolean *help,
               RfOut *out, RfOut *err, const char *cmd)
{
  g_autoptr (GError) error = NULL;
  g_option_context_set_help_enabled (ctx, FALSE);
  if (!g_option_context_parse (ctx, argc, argv, &error))
    {
      rf_out_printf (err, "racefree %s: error: %s\nTry 'racefree %s --help'.\n", cmd, error->message, cmd);
      return RF_EXIT_INPUT;
    }
  if (*help)
    {
      g_autofree char *h = g_option_context_get_help (ctx, TRUE, NULL);
      rf_out_puts (out, h);
      return RF_EXIT_OK;
    }
  return -1;
}

/* BudgetArgs: the search budget as the options give it. max_memory: the SIZE text of
 * --max-memory (owned), or NULL. */
typedef struct {
  gint64 max_markings;
  gdouble timeout, total_timeout;
  char *max_memory;
  gboolean backward_only, no_steq;
} BudgetArgs;

static void
budget_args_clear (BudgetArgs *a)
{
  g_free (a->max_memory);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (BudgetArgs, budget_args_clear)

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
static gboolean
search_budget (const BudgetArgs *a, gint64 start_us, RfCoverBudget *budget, RfOut *err, const char *cmd)
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

/* Progress of long searches on stderr: one line, rewritten in place ('\r', then
 * erase to the end of the line), at most every RF_COVER_PROGRESS_INTERVAL seconds
 * (RF_PROGRESS_INTERVAL in the environment overrides it, for tests), erased before
 * anything else is written. Only on a terminal: a string sink never shows it. */
typedef struct {
  RfOut *err;       /* borrowed: where the line goes */
  gboolean shown;   /* a progress line is on the terminal */
} Progress;

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
  rf_out_printf (pr->err, "\r%s%s%" G_GUINT64_FORMAT " kept, %" G_GUINT64_FORMAT " frontier, "
                 "%.0f markings/s, %.1f s\033[K", label ? label : "", label ? ": " : "",
                 p->kept, p->frontier, p->rate, p->elapsed_s);
  pr->shown = TRUE;
}

/* Turns progress on in BUDGET when stderr is a terminal and FORMAT is text (JSON and
 * SARIF reports stay free of it, even on a terminal). */
static void
progress_begin (RfCoverBudget *budget, Progress *pr, const RfReportFormat *format)
{
  if (format != &rf_report_format_text || !rf_out_is_terminal (pr->err))
    return;
  budget->progress = print_progress;
  budget->progress_data = pr;
  const char *interval = g_getenv ("RF_PROGRESS_INTERVAL");
  if (interval)
    budget->progress_interval_s = g_ascii_strtod (interval, NULL);
}

/* Erases the progress line, if any. */
static void
progress_end (Progress *pr)
{
  if (!pr->shown)
    return;
  rf_out_puts (pr->err, "\r\033[K");
  pr->shown = FALSE;
}

/* Writes DIAGS (rf_diags_render) to ERR. */
static void
write_diags (const RfDiags *diags, RfOut *err)
{
  g_autoptr (GString) text = g_string_new (NULL);
  rf_diags_render (diags, text);
  rf_out_write_string (err, text);
}

/* The default of --max-errors, as clang's -ferror-limit. */
#define MAX_ERRORS_DEFAULT 20

#define MAX_ERRORS_ENTRY(var) \
  { "max-errors", 0, 0, G_OPTION_ARG_INT64, &(var), "Stop reading the input after N errors (default 20; 0: no limit)", "N" }

/* Reads the inputs of RES for a command wanting PRODUCT (rf_driver_load), stopping
 * after MAX_ERRORS errors (0: none). Diagnostics go to ERR as they are found, never
 * kept. FALSE after a message in ERR: a usage error for a wrong number of files or a
 * negative MAX_ERRORS, else the diagnostics and a note when they were cut short, or
 * the error itself when there are none. */
static gboolean
load_inputs (RfCheckResult *res, RfDriverProduct product, const RfDriverOptions *opts, gint64 max_errors,
             RfOut *err, const char *cmd)
{
  g_autoptr (GError) error = NULL;
  if (max_errors < 0 || max_errors > G_MAXUINT)
    {
      rf_out_printf (err, "racefree %s: error: --max-errors must be a number of errors from 0 (no limit) to %u\n"
                     "Try 'racefree %s --help'.\n", cmd, G_MAXUINT, cmd);
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
        rf_out_printf (err, "racefree %s: error: %s\nTry 'racefree %s --help'.\n", cmd, error->message, cmd);
      else if (rf_diags_stopped (diags) && max_errors > 0 && rf_diags_n_errors (diags) >= max_errors)
        rf_out_printf (err, "racefree %s: note: too many errors; stopping (--max-errors %" G_GINT64_FORMAT ")\n",
                       cmd, max_errors);
      else if (rf_diags_n_errors (diags) == 0)
        rf_out_printf (err, "racefree: error: %s\n", error->message);
      return FALSE;
    }
  return TRUE;
}

/* The base name of FILE without its extension, as a graph name. Owned. */
static char *
graph_name_of (const char *file)
{
  char *base = g_path_get_basename (file);
  char *dot = strrchr (base, '.');
  if (dot && dot != base)
    *dot = '\0';
  return base;
}

/* Data variable NAME of PROG for option OPTION, or -1 after a usage error listing
 * the program's shared data variables. */
static gint
data_var (const RfProgram *prog, const char *name, const char *option, RfOut *err, const char *cmd)
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

/* The picture format of --witness-format NAME, else of OUT's extension (.dot or .gv,
 * .svg, .png, .pdf), or NULL after a usage error. Static string. */
static const char *
witness_format (const char *out, const char *name, RfOut *err)
{
  static const char *const formats[] = { "dot", "svg", "png", "pdf" };
  if (name)
    {
      for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
        if (strcmp (name, formats[i]) == 0)
          return formats[i];
      rf_out_printf (err, "racefree check: error: unknown witness format '%s' (expected dot, svg, png, pdf)\n"
                     "Try 'racefree check --help'.\n", name);
      return NULL;
    }
  const char *slash = strrchr (out, '/');
  const char *ext = strrchr (slash ? slash + 1 : out, '.');
  if (ext && g_ascii_strcasecmp (ext, ".gv") == 0)
    return "dot";
  for (guint i = 0; ext && i < G_N_ELEMENTS (formats); i++)
    if (g_ascii_strcasecmp (ext + 1, formats[i]) == 0)
      return formats[i];
  rf_out_printf (err, "racefree check: error: cannot tell the picture format of '%s' from its extension "
                 "(expected .dot, .gv, .svg, .png or .pdf, or give --witness-format)\n"
                 "Try 'racefree check --help'.\n", out);
  return NULL;
}

/* OUT split at the extension of its base name: "dir/a.png" -> "dir/a" and ".png";
 * a name without one gives "". Owned. */
static void
split_extension (const char *out, char **stem, char **ext)
{
  const char *slash = strrchr (out, '/');
  const char *base = slash ? slash + 1 : out;
  const char *dot = strrchr (base, '.');
  if (!dot || dot == base)
    dot = out + strlen (out);
  *stem = g_strndup (out, dot - out);
  *ext = g_strdup (dot);
}

/* NAME made safe for a file name: letters, digits, '_', '-', '.' kept, anything else
 * '_'; a name USED before (owned keys) gets "_2", "_3", ... Owned. */
static char *
file_safe_name (const char *name, GHashTable *used)
{
  g_autoptr (GString) safe = g_string_new (NULL);
  for (const char *s = name; *s; s++)
    g_string_append_c (safe, g_ascii_isalnum (*s) || *s == '_' || *s == '-' || *s == '.' ? *s : '_');
  char *unique = g_strdup (safe->str);
  for (guint k = 2; g_hash_table_contains (used, unique); k++)
    {
      g_free (unique);
      unique = g_strdup_printf ("%s_%u", safe->str, k);
    }
  g_hash_table_add (used, g_strdup (unique));
  return unique;
}

/* The paths of the two pictures of a witness for --witness-dot STEM.EXT: STEM.EXT and
 * STEM-seq.EXT, or with NAME (not NULL: the variable's, made file_safe_name against
 * USED) STEM.NAME.EXT and STEM.NAME-seq.EXT. Owned. */
static void
picture_paths (const char *stem, const char *ext, const char *name, GHashTable *used, char **net_path,
               char **seq_path)
{
  g_autofree char *safe = name ? file_safe_name (name, used) : NULL;
  g_autofree char *prefix = safe ? g_strdup_printf ("%s.%s", stem, safe) : g_strdup (stem);
  *net_path = g_strdup_printf ("%s%s", prefix, ext);
  *seq_path = g_strdup_printf ("%s-seq%s", prefix, ext);
}

/* Before the search: FALSE after an error in ERR when a picture --witness-dot OUT may
 * write (VAR's when VAR >= 0, else those of every data variable of PROG) could not be
 * written (rf_out_check_file), so that a race stays exit status 1 and an unusable path
 * costs no search. */
static gboolean
check_witness_paths (const RfProgram *prog, gint var, const char *out, RfOut *err)
{
  g_autoptr (GHashTable) used = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *stem = NULL, *ext = NULL;
  split_extension (out, &stem, &ext);
  for (guint v = 0; v < rf_program_n_vars (prog); v++)
    {
      const RfVar *rv = rf_program_get_var (prog, v);
      if (rv->kind != RF_VAR_DATA || (var >= 0 && v != (guint) var))
        continue;
      g_autofree char *net_path = NULL, *seq_path = NULL;
      picture_paths (stem, ext, var >= 0 ? NULL : rv->name, used, &net_path, &seq_path);
      g_autoptr (GError) error = NULL;
      if (!rf_out_check_file (net_path, &error) || !rf_out_check_file (seq_path, &error))
        {
          rf_out_printf (err, "racefree check: error: --witness-dot: %s\n", error->message);
          return FALSE;
        }
    }
  return TRUE;
}

/* --witness-dot: the two pictures of the witness of each racing verdict (only VAR's,
 * when VAR >= 0) in FORMAT: the net at OUT and the sequence diagram at OUT with "-seq"
 * before the extension; without VAR, the variable's name (file_safe_name) goes before
 * the extension of both: a.png -> a.counter.png, a.counter-seq.png. Every picture is
 * rendered before any is written; then all are written or none. Returns FALSE after
 * an error in ERR. When nothing races, says so in ERR and writes nothing. */
static gboolean
write_witness_pictures (const RfNet *net, GPtrArray *verdicts, gint var, const char *out, const char *format,
                        const char *graph_name, RfOut *err)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) contents = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr (GHashTable) used = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *stem = NULL, *ext = NULL;
  split_extension (out, &stem, &ext);
  for (guint i = 0; i < verdicts->len; i++)
    {
      const RfRaceVerdict *rv = g_ptr_array_index (verdicts, i);
      if (var >= 0 && rv->var != (guint) var)
        continue;
      if (rv->result->verdict != RF_COVER_UNSAFE)
        {
          if (var >= 0)
            rf_out_printf (err, "racefree check: '%s' is %s: no witness picture written\n", rv->name,
                           rv->result->verdict == RF_COVER_SAFE ? "race-free (proved)"
                           : "unknown (search budget exhausted)");
          continue;
        }
      g_autofree char *net_path = NULL, *seq_path = NULL;
      picture_paths (stem, ext, var >= 0 ? NULL : rv->name, used, &net_path, &seq_path);
      g_autofree char *net_dot = rf_dot_witness_net_to_string (net, rv, graph_name);
      g_autofree char *seq_dot = rf_dot_witness_sequence_to_string (net, rv, graph_name);
      GBytes *a = rf_dot_render (net_dot, format, &error);
      GBytes *b = a ? rf_dot_render (seq_dot, format, &error) : NULL;
      if (!b)
        {
          g_clear_pointer (&a, g_bytes_unref);
          rf_out_printf (err, "racefree check: error: %s\n", error->message);
          return FALSE;
        }
      g_ptr_array_add (files, g_steal_pointer (&net_path));
      g_ptr_array_add (contents, a);
      g_ptr_array_add (files, g_steal_pointer (&seq_path));
      g_ptr_array_add (contents, b);
    }
  if (files->len == 0 && var < 0)
    rf_out_puts (err, "racefree check: no race found: no witness picture written\n");
  if (!rf_out_write_files ((const char *const *) files->pdata, (GBytes *const *) contents->pdata, files->len,
                           &error))
    {
      rf_out_printf (err, "racefree check: error: %s\n", error->message);
      return FALSE;
    }
  return TRUE;
}

/* The report format called NAME (NULL: text) that can report a check of kind COVER,
 * or NULL after a usage message in ERR. */
static const RfReportFormat *
choose_format (const char *name, gboolean cover, RfOut *err, const char *cmd)
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
static const char **
positional (int argc, char **argv)
{
  const char **files = g_new0 (const char *, MAX (argc, 1));
  for (int i = 1; i < argc; i++)
    files[i - 1] = argv[i];
  return files;
}

/* Appends what REPORT (a report function of a format, may be NULL) writes about RES
 * to OUT. */
static void
write_report (void (*report) (const RfCheckResult *, const RfReportOptions *, GString *),
              const RfCheckResult *res, const RfReportOptions *opts, RfOut *out)
{
  if (!report)
    return;
  g_autoptr (GString) text = g_string_new (NULL);
  report (res, opts, text);
  rf_out_write_string (out, text);
}

/* Stream: the report of a race check written verdict by verdict. Invariant: no
 * progress line is shown (progress.shown FALSE) while a verdict's text is written. */
typedef struct {
  const RfReportFormat *format;
  const RfReportOptions *opts;
  RfOut *out;          /* borrowed */
  Progress progress;   /* on stderr, erased before each verdict is written */
} Stream;

/* RfDriverVerdictFunc: writes the part of the report about RV now (formats with a
 * verdict part); stops the check once standard output failed. */
static gboolean
write_verdict (const RfCheckResult *res, const RfRaceVerdict *rv, gpointer data)
{
  Stream *st = data;
  progress_end (&st->progress);
  if (st->format->verdict)
    {
      g_autoptr (GString) text = g_string_new (NULL);
      st->format->verdict (res, rv, st->opts, text);
      rf_out_write_string (st->out, text);
    }
  return !rf_out_failed (st->out, NULL);
}

/* FALSE after a usage message in ERR when --certificate FILE cannot be written: FILE is
 * a folder, or its folder is missing or (FILE not being a device or pipe, written in
 * place) not writable. Checked before a search, which may be long. */
static gboolean
certificate_usable (const char *file, RfOut *err, const char *cmd)
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
static gboolean
write_certificate (const RfCheckResult *res, const char *file, RfOut *err, const char *cmd)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  rf_report_cert (res, text);
  if (rf_out_write_file (file, text->str, text->len, NULL, &error))
    return TRUE;
  rf_out_printf (err, "racefree %s: error: --certificate: %s\n", cmd, error->message);
  return FALSE;
}

static int
cmd_check (int argc, char **argv, RfOut *out, RfOut *err)
{
  gint64 start_us = rf_cover_cpu_time_us ();
  gboolean help = FALSE, stats = FALSE;
  gint64 max_errors = MAX_ERRORS_DEFAULT;
  g_auto (BudgetArgs) ba = { 0 };
  g_autofree char *format_name = NULL;
  g_autofree char *witness_out = NULL, *witness_format_name = NULL, *witness_var = NULL;
  gboolean no_time = FALSE;
  g_autofree char *html_dir = NULL, *cert_out = NULL;
  GOptionEntry entries[] = {
    { "stats", 0, 0, G_OPTION_ARG_NONE, &stats, "Print #Conf, #Subsum, #Iter per variable", NULL },
    { "backward-only", 0, 0, G_OPTION_ARG_NONE, &ba.backward_only, "Search backward only (no forward search alongside)", NULL },
    { "no-state-equation", 0, 0, G_OPTION_ARG_NONE, &ba.no_steq, "Do not prune with the state equation (linear programs)", NULL },
    { "max-markings", 0, 0, G_OPTION_ARG_INT64, &ba.max_markings, "Give up (verdict unknown) past N kept markings", "N" },
    { "timeout", 0, 0, G_OPTION_ARG_DOUBLE, &ba.timeout, "Give up (verdict unknown) after S seconds of CPU time per variable", "S" },
    { "max-memory", 0, 0, G_OPTION_ARG_STRING, &ba.max_memory, "Give up (verdict unknown) past SIZE bytes of search data (512M, 2G; default: none, or half a ulimit -v)", "SIZE" },
    { "total-timeout", 0, 0, G_OPTION_ARG_DOUBLE, &ba.total_timeout, "Give up on every variable not decided after S seconds of CPU time in all (verdict unknown)", "S" },
    MAX_ERRORS_ENTRY (max_errors),
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format_name, "Report format: text (default; races also as warnings on stderr), json or sarif", "FORMAT" },
    { "no-time", 0, 0, G_OPTION_ARG_NONE, &no_time, "Write the search time as null in JSON (for reproducible output)", NULL },
    { "witness-dot", 0, 0, G_OPTION_ARG_FILENAME, &witness_out, "Draw each race's witness: the net at STEM.VAR.EXT, a sequence diagram at STEM.VAR-seq.EXT (OUT = STEM.EXT)", "OUT" },
    { "witness-format", 0, 0, G_OPTION_ARG_STRING, &witness_format_name, "Picture format: dot, svg, png, pdf (default: from OUT's extension)", "FORMAT" },
    { "witness-var", 0, 0, G_OPTION_ARG_STRING, &witness_var, "Draw only VAR's witness: at OUT and STEM-seq.EXT", "VAR" },
    { "html", 0, 0, G_OPTION_ARG_FILENAME, &html_dir, "Also write a self-contained HTML report to DIR/index.html", "DIR" },
    { "certificate", 0, 0, G_OPTION_ARG_FILENAME, &cert_out, "Write a proof certificate of each race-free verdict to FILE (see 'racefree verify-cert')", "FILE" },
    { "help", 'h', 0, G_OPTION_ARG_NONE, &help, "Show this help", NULL },
    { NULL },
  };
  g_auto (CArgs) cargs = { 0 };
  g_autoptr (GPtrArray) keep = g_ptr_array_new_with_free_func (g_free);
  c_args_presplit (&argc, &argv, keep);
  g_autoptr (GOptionContext) ctx = g_option_context_new ("FILE.sml | FILE.c...");
  g_option_context_set_summary (ctx, "Decide for every shared variable whether two threads can access it at once,\n"
                                     "one of them writing. Prints one verdict per variable, and for a race the\n"
                                     "interleaving that leads to it.");
  g_option_context_set_description (ctx, "Exit status: 0 all race-free, 1 a race found, 2 usage or input error,\n"
                                         "3 some verdict unknown (budget exhausted).");
  g_option_context_add_main_entries (ctx, entries, NULL);
  c_args_add_entries (ctx, &cargs);
  int done = parse_options (ctx, &argc, &argv, &help, out, err, "check");
  if (done >= 0)
    return done;
  RfCoverBudget budget;
  if (!search_budget (&ba, start_us, &budget, err, "check"))
    return RF_EXIT_INPUT;
  budget.certify = cert_out != NULL;
  if (cert_out && !certificate_usable (cert_out, err, "check"))
    return RF_EXIT_INPUT;
  const RfReportFormat *format = choose_format (format_name, FALSE, err, "check");
  if (!format)
    return RF_EXIT_INPUT;
  const char *picture_format = NULL;
  if (!witness_out && (witness_format_name || witness_var))
    {
      rf_out_printf (err, "racefree check: error: %s needs --witness-dot\nTry 'racefree check --help'.\n",
                     witness_format_name ? "--witness-format" : "--witness-var");
      return RF_EXIT_INPUT;
    }
  if (witness_out && (!*witness_out || strcmp (witness_out, "-") == 0))
    {
      rf_out_puts (err, "racefree check: error: --witness-dot needs a file name (it writes two pictures)\n"
                   "Try 'racefree check --help'.\n");
      return RF_EXIT_INPUT;
    }
  if (witness_out && !(picture_format = witness_format (witness_out, witness_format_name, err)))
    return RF_EXIT_INPUT;
  g_autoptr (GError) dir_error = NULL;
  if (html_dir && !rf_report_html_dir_usable (html_dir, &dir_error))
    {
      rf_out_printf (err, "racefree check: error: --html: %s\n", dir_error->message);
      return RF_EXIT_INPUT;
    }
  g_autofree const char **files = positional (argc, argv);
  g_autoptr (RfCheckResult) res = rf_check_result_new (files);
  RfDriverOptions dopts = driver_options (&cargs, NULL);
  if (!load_inputs (res, RF_DRIVER_PROGRAM, &dopts, max_errors, err, "check"))
    return RF_EXIT_INPUT;
  gint picture_var = -1;
  if (witness_var
      && (picture_var = data_var (rf_check_result_get_program (res), witness_var, "--witness-var", err, "check")) < 0)
    return RF_EXIT_INPUT;
  if (witness_out && !check_witness_paths (rf_check_result_get_program (res), picture_var, witness_out, err))
    return RF_EXIT_INPUT;

  /* Each verdict's part of the report is written as soon as it is decided. */
  RfReportOptions opts = { stats, no_time };
  Stream stream = { format, &opts, out, { err, FALSE } };
  progress_begin (&budget, &stream.progress, format);
  rf_driver_check_races (res, &budget, write_verdict, &stream);
  progress_end (&stream.progress);
  if (rf_out_failed (out, NULL))
    return RF_EXIT_INPUT;
  write_report (format->check, res, &opts, out);
  if (format->diagnostics)
    {
      g_autoptr (RfDiags) found = rf_diags_new ();
      format->diagnostics (res, found);
      write_diags (found, err);
    }
  if (rf_out_failed (out, NULL))
    return RF_EXIT_INPUT;
  if (cert_out && !write_certificate (res, cert_out, err, "check"))
    return RF_EXIT_INPUT;
  if (html_dir)
    {
      g_autoptr (GString) page = g_string_new (NULL);
      rf_driver_read_sources (res);
      rf_report_html (res, &opts, page);
      if (!rf_report_html_write_dir (html_dir, page->str, page->len, &dir_error))
        {
          rf_out_printf (err, "racefree check: error: --html: %s\n", dir_error->message);
          return RF_EXIT_INPUT;
        }
    }

  if (witness_out)
    {
      g_autofree char *base = graph_name_of (files[0]);
      if (!write_witness_pictures (rf_check_result_get_net (res), rf_check_result_get_verdicts (res), picture_var,
                                   witness_out, picture_format, base, err))
        return RF_EXIT_INPUT;
    }

  guint n_race, n_free, n_unknown;
  rf_check_result_count (res, &n_race, &n_free, &n_unknown);
  return n_race ? RF_EXIT_RACE : n_unknown ? RF_EXIT_UNKNOWN : RF_EXIT_OK;
}

static int
cmd_net (int argc, char **argv, RfOut *out, RfOut *err)
{
  gboolean help = FALSE;
  gint64 max_errors = MAX_ERRORS_DEFAULT;
  g_autofree char *format = NULL;
  g_autofree char *output = NULL;
  g_autofree char *slice = NULL;
  GOptionEntry entries[] = {
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "Output format: dot (default), svg, png, pdf (rendered by Graphviz)", "FORMAT" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "Write to FILE instead of standard output (required for png, pdf)", "FILE" },
    { "slice", 0, 0, G_OPTION_ARG_STRING, &slice, "Draw only the part of the net relevant to shared variable VAR", "VAR" },
    MAX_ERRORS_ENTRY (max_errors),
    { "help", 'h', 0, G_OPTION_ARG_NONE, &help, "Show this help", NULL },
    { NULL },
  };
  g_auto (CArgs) cargs = { 0 };
  g_autoptr (GPtrArray) keep = g_ptr_array_new_with_free_func (g_free);
  c_args_presplit (&argc, &argv, keep);
  g_autoptr (GOptionContext) ctx = g_option_context_new ("FILE.sml | FILE.c...");
  g_option_context_set_summary (ctx, "Write the Petri net racefree builds from the program: job types as\n"
                                     "clusters, shared places (locks, Read/Write, signals) outside them.");
  g_option_context_add_main_entries (ctx, entries, NULL);
  c_args_add_entries (ctx, &cargs);
  int done = parse_options (ctx, &argc, &argv, &help, out, err, "net");
  if (done >= 0)
    return done;
  if (!format)
    format = g_strdup ("dot");
  if (!rf_dot_format_is_known (format))
    {
      rf_out_printf (err, "racefree net: error: unknown format '%s' (expected dot, svg, png, pdf)\n", format);
      return RF_EXIT_INPUT;
    }
  gboolean binary = strcmp (format, "png") == 0 || strcmp (format, "pdf") == 0;
  if (binary && (!output || strcmp (output, "-") == 0))
    {
      rf_out_printf (err, "racefree net: error: format '%s' is binary: give an output file with -o\n", format);
      return RF_EXIT_INPUT;
    }

  g_autofree const char **files = positional (argc, argv);
  g_autoptr (RfCheckResult) res = rf_check_result_new (files);
  RfDriverOptions dopts = driver_options (&cargs, NULL);
  if (!load_inputs (res, RF_DRIVER_PROGRAM, &dopts, max_errors, err, "net"))
    return RF_EXIT_INPUT;
  gint var = -1;
  if (slice && (var = data_var (rf_check_result_get_program (res), slice, "--slice", err, "net")) < 0)
    return RF_EXIT_INPUT;

  rf_driver_build_net (res);
  const RfNet *net = rf_check_result_get_net (res);
  g_autofree char *base = graph_name_of (files[0]);
  g_autofree char *text = var >= 0 ? rf_dot_net_slice_to_string (net, var, slice, base) : rf_dot_net_to_string (net, base);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = rf_dot_render (text, format, &error);
  gsize len = 0;
  const char *data = bytes ? g_bytes_get_data (bytes, &len) : NULL;
  if (!bytes)
    rf_out_printf (err, "racefree net: error: %s\n", error->message);
  else if (!output || strcmp (output, "-") == 0)
    rf_out_write (out, data, len);
  else if (!rf_out_write_file (output, data, len, NULL, &error))
    rf_out_printf (err, "racefree net: error: %s\n", error->message);
  return error ? RF_EXIT_INPUT : RF_EXIT_OK;
}

static int
cmd_cover (int argc, char **argv, RfOut *out, RfOut *err)
{
  gint64 start_us = rf_cover_cpu_time_us ();
  gboolean help = FALSE, stats = FALSE;
  g_auto (BudgetArgs) ba = { 0 };
  g_autofree char *prop = NULL, *cert_out = NULL;
  g_autofree char *format_name = NULL;
  gboolean no_time = FALSE;
  gint64 max_errors = MAX_ERRORS_DEFAULT;
  GOptionEntry entries[] = {
    { "prop", 0, 0, G_OPTION_ARG_FILENAME, &prop, "Target of a .tts net (default: FILE.prop, or FILE with .tts replaced by .prop)", "FILE" },
    { "stats", 0, 0, G_OPTION_ARG_NONE, &stats, "Print the net size, #Conf, #Subsum, #Iter and the time", NULL },
    { "backward-only", 0, 0, G_OPTION_ARG_NONE, &ba.backward_only, "Search backward only (no forward search alongside)", NULL },
    { "no-state-equation", 0, 0, G_OPTION_ARG_NONE, &ba.no_steq, "Do not prune with the state equation (linear programs)", NULL },
    { "timeout", 0, 0, G_OPTION_ARG_DOUBLE, &ba.timeout, "Give up (verdict unknown) after S seconds of CPU time in the search", "S" },
    { "max-markings", 0, 0, G_OPTION_ARG_INT64, &ba.max_markings, "Give up (verdict unknown) past N kept markings", "N" },
    { "max-memory", 0, 0, G_OPTION_ARG_STRING, &ba.max_memory, "Give up (verdict unknown) past SIZE bytes of search data (512M, 2G; default: none, or half a ulimit -v)", "SIZE" },
    { "total-timeout", 0, 0, G_OPTION_ARG_DOUBLE, &ba.total_timeout, "Give up (verdict unknown) after S seconds of CPU time in all, reading the net included", "S" },
    MAX_ERRORS_ENTRY (max_errors),
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format_name, "Report format: text (default), json or sarif", "FORMAT" },
    { "no-time", 0, 0, G_OPTION_ARG_NONE, &no_time, "Leave the time out (text: no time line; JSON: null)", NULL },
    { "certificate", 0, 0, G_OPTION_ARG_FILENAME, &cert_out, "Write a proof certificate of a safe verdict to FILE (see 'racefree verify-cert')", "FILE" },
    { "help", 'h', 0, G_OPTION_ARG_NONE, &help, "Show this help", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("FILE.spec|FILE.tts");
  g_option_context_set_summary (ctx, "Decide whether a marking covering a target is reachable in a Petri net\n"
                                     "given in mist's .spec format or bfc's .tts format (with its .prop target).\n"
                                     "Prints safe, unsafe (with a witness firing sequence) or unknown.");
  g_option_context_set_description (ctx, "Exit status: 0 safe, 1 unsafe, 2 usage or input error, 3 unknown.");
  g_option_context_add_main_entries (ctx, entries, NULL);
  int done = parse_options (ctx, &argc, &argv, &help, out, err, "cover");
  if (done >= 0)
    return done;
  RfCoverBudget budget;
  if (!search_budget (&ba, start_us, &budget, err, "cover"))
    return RF_EXIT_INPUT;
  budget.certify = cert_out != NULL;
  if (cert_out && !certificate_usable (cert_out, err, "cover"))
    return RF_EXIT_INPUT;
  const RfReportFormat *format = choose_format (format_name, TRUE, err, "cover");
  if (!format)
    return RF_EXIT_INPUT;
  g_autofree const char **files = positional (argc, argv);
  g_autoptr (RfCheckResult) res = rf_check_result_new (files);
  RfDriverOptions dopts = { .prop = prop };
  if (!load_inputs (res, RF_DRIVER_NET, &dopts, max_errors, err, "cover"))
    return RF_EXIT_INPUT;

  Progress progress = { err, FALSE };
  progress_begin (&budget, &progress, format);
  rf_driver_check_cover (res, &budget);   /* a witness comes replayed by the engine */
  progress_end (&progress);
  RfReportOptions opts = { stats, no_time };
  write_report (format->cover, res, &opts, out);
  if (cert_out && !write_certificate (res, cert_out, err, "cover"))
    return RF_EXIT_INPUT;
  switch (rf_check_result_get_cover (res)->verdict)
    {
    case RF_COVER_SAFE: return RF_EXIT_OK;
    case RF_COVER_UNSAFE: return RF_EXIT_RACE;
    case RF_COVER_UNKNOWN: return RF_EXIT_UNKNOWN;
    }
  g_assert_not_reached ();
}

static int
cmd_model (int argc, char **argv, RfOut *out, RfOut *err)
{
  gboolean help = FALSE;
  gint64 max_errors = MAX_ERRORS_DEFAULT;
  GOptionEntry entries[] = {
    MAX_ERRORS_ENTRY (max_errors),
    { "help", 'h', 0, G_OPTION_ARG_NONE, &help, "Show this help", NULL },
    { NULL },
  };
  g_auto (CArgs) cargs = { 0 };
  g_autoptr (GPtrArray) keep = g_ptr_array_new_with_free_func (g_free);
  c_args_presplit (&argc, &argv, keep);
  g_autoptr (GOptionContext) ctx = g_option_context_new ("FILE.c... | FILE.sml");
  g_option_context_set_summary (ctx, "Print the program model racefree extracts (shared locations, locks,\n"
                                     "condition variables, one job type per thread function) as SML, which\n"
                                     "'racefree check' reads back.");
  g_option_context_add_main_entries (ctx, entries, NULL);
  c_args_add_entries (ctx, &cargs);
  int done = parse_options (ctx, &argc, &argv, &help, out, err, "model");
  if (done >= 0)
    return done;
  g_autofree const char **files = positional (argc, argv);
  g_autoptr (RfCheckResult) res = rf_check_result_new (files);
  RfDriverOptions dopts = driver_options (&cargs, NULL);
  if (!load_inputs (res, RF_DRIVER_PROGRAM, &dopts, max_errors, err, "model"))
    return RF_EXIT_INPUT;
  g_autofree char *text = rf_program_to_sml (rf_check_result_get_program (res));
  rf_out_puts (out, text);
  return RF_EXIT_OK;
}

static int
cmd_verify_cert (int argc, char **argv, RfOut *out, RfOut *err)
{
  gboolean help = FALSE;
  GOptionEntry entries[] = {
    { "help", 'h', 0, G_OPTION_ARG_NONE, &help, "Show this help", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("FILE");
  g_option_context_set_summary (ctx, "Check a proof certificate that 'racefree check --certificate' or 'racefree\n"
                                     "cover --certificate' wrote, with code that shares nothing with the search:\n"
                                     "each proof's basis covers its targets, is closed under predecessors up to\n"
                                     "checked invariants, and excludes the initial marking.");
  g_option_context_set_description (ctx, "Exit status: 0 valid, 1 invalid (a message says which line fails),\n"
                                         "2 usage error or unreadable file.");
  g_option_context_add_main_entries (ctx, entries, NULL);
  int done = parse_options (ctx, &argc, &argv, &help, out, err, "verify-cert");
  if (done >= 0)
    return done;
  if (argc != 2)
    {
      rf_out_printf (err, "racefree verify-cert: error: %s\nTry 'racefree verify-cert --help'.\n",
                     argc < 2 ? "missing certificate file" : "too many files (expected one certificate)");
      return RF_EXIT_INPUT;
    }
  return rf_certify_check_file (argv[1], out, err);
}

/* Command: one command of the command line, by name; run gets ARGV from the command's
 * name on and returns the exit status. */
typedef struct {
  const char *name;
  int (*run) (int argc, char **argv, RfOut *out, RfOut *err);
} Command;

static const Command commands[] = {
  { "check", cmd_check },
  { "net", cmd_net },
  { "cover", cmd_cover },
  { "model", cmd_model },
  { "verify-cert", cmd_verify_cert },
};

static const Command *
find_command (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (commands[i].name, name) == 0)
      return &commands[i];
  return NULL;
}

/* Runs the command ARGV names. */
static int
dispatch (int argc, char **argv, RfOut *out, RfOut *err)
{
  if (argc < 2)
    {
      rf_out_puts (err, usage_text);
      return RF_EXIT_INPUT;
    }
  const char *cmd = argv[1];
  if (strcmp (cmd, "--help") == 0 || strcmp (cmd, "-h") == 0)
    {
      rf_out_puts (out, usage_text);
      return RF_EXIT_OK;
    }
  if (strcmp (cmd, "--version") == 0)
    {
      rf_out_puts (out, "racefree " RF_VERSION "\n");
      return RF_EXIT_OK;
    }
  if (strcmp (cmd, "help") == 0)
    {
      if (argc < 3)
        {
          rf_out_puts (out, usage_text);
          return RF_EXIT_OK;
        }
      const Command *c = find_command (argv[2]);
      if (!c)
        {
          rf_out_printf (err, "racefree: error: unknown command '%s'\nTry 'racefree --help'.\n", argv[2]);
          return RF_EXIT_INPUT;
        }
      g_autofree char *name = g_strdup_printf ("racefree %s", c->name);
      char *hargv[] = { name, (char *) "--help", NULL };
      return c->run (2, hargv, out, err);
    }
  const Command *c = find_command (cmd);
  if (!c)
    {
      rf_out_printf (err, "racefree: error: unknown command '%s'\nTry 'racefree --help'.\n", cmd);
      return RF_EXIT_INPUT;
    }
  /* The command sees argv from its own name on; GOption shows argv[0] in usage lines. */
  g_auto (GStrv) args = g_new0 (char *, argc);
  args[0] = g_strdup_printf ("racefree %s", c->name);
  for (int i = 2; i < argc; i++)
    args[i - 1] = g_strdup (argv[i]);
  char **argv_cmd = g_memdup2 (args, sizeof (char *) * argc);
  int n = argc - 1;
  int code = c->run (n, argv_cmd, out, err);
  g_free (argv_cmd);
  return code;
}

int
rf_cli_run (int argc, char **argv, RfOut *out, RfOut *err)
{
  int code = dispatch (argc, argv, out, err);
  /* Every write was checked: a failed one (a full disk, a closed pipe) is an error. */
  g_autoptr (GError) error = NULL;
  if (rf_out_failed (out, &error))
    {
      rf_out_printf (err, "racefree: error: %s\n", error->message);
      code = RF_EXIT_INPUT;
    }
  if (rf_out_failed (err, NULL))
    code = RF_EXIT_INPUT;
  return code;
}
