/* rf-cli-check: the command check, which decides for every shared variable of a
 * program whether it can race.
 *
 * Its text report is written verdict by verdict, as the driver decides each one (a
 * Stream, with the progress line erased first); the other formats, the certificate
 * and the HTML report once every verdict is in. Each destination it writes (witness
 * pictures, witness file, certificate, HTML folder) is checked before the search, so
 * that a usage error costs no search and a race stays exit status 1. */
#include "rf-cli-private.h"

#include <string.h>

#include "rf-dot.h"
#include "rf-report-html.h"
#include "rf-report-witness.h"
#include "rf-suppress.h"

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
          cli_print_error (err, "check", "--witness-dot", error);
          return FALSE;
        }
    }
  return TRUE;
}

/* --witness-dot: the two pictures of the witness of each racing verdict (only VAR's,
 * when VAR >= 0) in FORMAT: the net at OUT and the sequence diagram at OUT with "-seq"
 * before the extension; without VAR, the variable's name (file_safe_name) goes before
 * the extension of both: a.png -> a.counter.png, a.counter-seq.png; and, without VAR,
 * the sequence diagram of each deadlock or misuse shown, named by its question
 * (a.lock_order_a_-__b_-__a-seq.png). Every picture is
 * rendered before any is written; then all are written or none. Returns FALSE after
 * an error in ERR. When nothing races, says so in ERR and writes nothing. */
static gboolean
write_witness_pictures (const RfCheckResult *res, gint var, const char *out, const char *format,
                        const char *graph_name, RfOut *err)
{
  const RfNet *net = rf_check_result_get_net (res);
  GPtrArray *verdicts = rf_check_result_get_verdicts (res);
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
          cli_print_error (err, "check", NULL, error);
          return FALSE;
        }
      g_ptr_array_add (files, g_steal_pointer (&net_path));
      g_ptr_array_add (contents, a);
      g_ptr_array_add (files, g_steal_pointer (&seq_path));
      g_ptr_array_add (contents, b);
    }
  /* a deadlock or misuse shown: its sequence diagram, at STEM.NAME-seq.EXT */
  GPtrArray *deadlocks = rf_check_result_get_deadlocks (res);
  for (guint i = 0; var < 0 && i < deadlocks->len; i++)
    {
      const RfDeadlockVerdict *dv = g_ptr_array_index (deadlocks, i);
      if (dv->status != RF_DEADLOCK_FOUND)
        continue;
      g_autofree char *label = g_strdup_printf ("%s %s", rf_deadlock_kind_info (dv->kind)->question, dv->name);
      g_autofree char *net_path = NULL, *seq_path = NULL;
      picture_paths (stem, ext, label, used, &net_path, &seq_path);
      g_autofree char *seq_dot = rf_dot_deadlock_sequence_to_string (rf_check_result_get_program (res), net, dv,
                                                                     graph_name);
      GBytes *b = rf_dot_render (seq_dot, format, &error);
      if (!b)
        {
          cli_print_error (err, "check", NULL, error);
          return FALSE;
        }
      g_ptr_array_add (files, g_steal_pointer (&seq_path));
      g_ptr_array_add (contents, b);
    }
  if (files->len == 0 && var < 0)
    rf_out_puts (err, "racefree check: no race or deadlock found: no witness picture written\n");
  if (!rf_out_write_files ((const char *const *) files->pdata, (GBytes *const *) contents->pdata, files->len,
                           &error))
    {
      cli_print_error (err, "check", NULL, error);
      return FALSE;
    }
  return TRUE;
}

/* Before the search: FALSE after an error in ERR when --witness FILE cannot be written
 * (rf_out_check_file) or the input is not C (FILES: the input files, NULL-terminated):
 * a witness's waypoints are C source locations, which a model input has none of. */
static gboolean
check_witness_file (const char *const *files, const char *file, RfOut *err)
{
  const RfFrontEnd *fe = files && files[0] ? rf_driver_front_end_for (files[0], RF_DRIVER_PROGRAM) : NULL;
  if (fe && strcmp (fe->name, "c") != 0)
    {
      rf_out_printf (err, "racefree check: error: --witness: '%s' is not C: a witness file names C source "
                     "locations (use --witness-dot to draw a model's witness)\nTry 'racefree check --help'.\n",
                     files[0]);
      return FALSE;
    }
  g_autoptr (GError) error = NULL;
  if (rf_out_check_file (file, &error))
    return TRUE;
  cli_print_error (err, "check", "--witness", error);
  return FALSE;
}

/* --witness FILE: the YAML witness of VAR's race (VAR >= 0) or of the first race, written
 * to FILE (atomically); FALSE after an error in ERR. When there is no such race, says
 * so in ERR and writes nothing (an existing file is left alone). */
static gboolean
write_witness_file (const RfCheckResult *res, gint var, const char *file, const RfReportOptions *opts, RfOut *err)
{
  const RfRaceVerdict *rv = rf_report_witness_verdict (res, var);
  if (!rv)
    {
      GPtrArray *verdicts = rf_check_result_get_verdicts (res);
      const RfRaceVerdict *vv = NULL;
      for (guint i = 0; var >= 0 && i < verdicts->len && !vv; i++)
        if (((const RfRaceVerdict *) g_ptr_array_index (verdicts, i))->var == (guint) var)
          vv = g_ptr_array_index (verdicts, i);
      if (vv)
        rf_out_printf (err, "racefree check: '%s' is %s: no witness file written\n", vv->name,
                       vv->result->verdict == RF_COVER_SAFE ? "race-free (proved)"
                       : "unknown (search budget exhausted)");
      else
        rf_out_puts (err, "racefree check: no race found: no witness file written\n");
      return TRUE;
    }
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  rf_report_witness (res, rv, opts, text);
  if (rf_out_write_file (file, text->str, text->len, NULL, &error))
    return TRUE;
  cli_print_error (err, "check", "--witness", error);
  return FALSE;
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
  cli_progress_end (&st->progress);
  if (st->format->verdict)
    {
      g_autoptr (GString) text = g_string_new (NULL);
      st->format->verdict (res, rv, st->opts, text);
      rf_out_write_string (st->out, text);
    }
  return !rf_out_failed (st->out, NULL);
}

/* RfDriverDeadlockFunc: writes the part of the report about DV now, like
 * write_verdict. */
static gboolean
write_deadlock (const RfCheckResult *res, const RfDeadlockVerdict *dv, gpointer data)
{
  Stream *st = data;
  cli_progress_end (&st->progress);
  if (st->format->deadlock)
    {
      g_autoptr (GString) text = g_string_new (NULL);
      st->format->deadlock (res, dv, st->opts, text);
      rf_out_write_string (st->out, text);
    }
  return !rf_out_failed (st->out, NULL);
}

/* The checks --check LIST names (comma-separated: races, deadlocks, misuse; "all"),
 * or 0 after a usage error in ERR. NULL: all. */
static RfChecks
parse_checks (const char *list, RfOut *err)
{
  if (!list)
    return RF_CHECK_ALL;
  static const struct { const char *name; RfChecks bits; } names[] = {
    { "races", RF_CHECK_RACES }, { "deadlocks", RF_CHECK_DEADLOCKS }, { "misuse", RF_CHECK_MISUSE },
    { "all", RF_CHECK_ALL },
  };
  RfChecks checks = 0;
  g_auto (GStrv) parts = g_strsplit (list, ",", -1);
  for (guint i = 0; parts[i]; i++)
    {
      const char *w = g_strstrip (parts[i]);
      RfChecks bits = 0;
      for (guint k = 0; k < G_N_ELEMENTS (names) && !bits; k++)
        if (strcmp (w, names[k].name) == 0)
          bits = names[k].bits;
      if (!bits)
        {
          rf_out_printf (err, "racefree check: error: unknown check '%s' (expected races, deadlocks, misuse or all)\n"
                         "Try 'racefree check --help'.\n", w);
          return 0;
        }
      checks |= bits;
    }
  return checks;
}

int
cli_cmd_check (int argc, char **argv, RfOut *out, RfOut *err)
{
  gint64 start_us = rf_cover_cpu_time_us (), start_wall_us = g_get_real_time ();
  gboolean help = FALSE, stats = FALSE;
  gint64 max_errors = MAX_ERRORS_DEFAULT;
  g_auto (BudgetArgs) ba = { 0 };
  g_autofree char *format_name = NULL;
  g_autofree char *witness_out = NULL, *witness_format_name = NULL, *witness_var = NULL;
  g_autofree char *witness_file = NULL;
  gboolean no_time = FALSE, search_only = FALSE, whole_net = FALSE;
  g_autofree char *html_dir = NULL, *cert_out = NULL, *check_list = NULL, *baseline = NULL;
  g_autofree char *source_root = NULL;
  GOptionEntry entries[] = {
    { "check", 0, 0, G_OPTION_ARG_STRING, &check_list, "What to check: races, deadlocks, misuse, comma-separated (default: all)", "LIST" },
    { "stats", 0, 0, G_OPTION_ARG_NONE, &stats, "Print #Conf, #Subsum, #Iter per variable", NULL },
    { "backward-only", 0, 0, G_OPTION_ARG_NONE, &ba.backward_only, "Search backward only (no forward search alongside)", NULL },
    { "no-state-equation", 0, 0, G_OPTION_ARG_NONE, &ba.no_steq, "Do not prune with the state equation (linear programs)", NULL },
    { "search-only", 0, 0, G_OPTION_ARG_NONE, &search_only, "Decide every variable by the search (no quick proof tried first)", NULL },
    { "whole-net", 0, 0, G_OPTION_ARG_NONE, &whole_net, "Search every variable on the whole program's net (not on the net focused on it)", NULL },
    { "max-markings", 0, 0, G_OPTION_ARG_INT64, &ba.max_markings, "Give up (verdict unknown) past N kept markings", "N" },
    { "timeout", 0, 0, G_OPTION_ARG_DOUBLE, &ba.timeout, "Give up (verdict unknown) after S seconds of CPU time per variable", "S" },
    { "max-memory", 0, 0, G_OPTION_ARG_STRING, &ba.max_memory, "Give up (verdict unknown) past SIZE bytes of search data (512M, 2G; default: none, or half a ulimit -v)", "SIZE" },
    { "total-timeout", 0, 0, G_OPTION_ARG_DOUBLE, &ba.total_timeout, "Give up on every variable not decided after S seconds of CPU time in all (verdict unknown)", "S" },
    MAX_ERRORS_ENTRY (max_errors),
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format_name, "Report format: text (default; races also as warnings on stderr), json or sarif", "FORMAT" },
    { "no-time", 0, 0, G_OPTION_ARG_NONE, &no_time, "Write the search time as null in JSON (for reproducible output)", NULL },
    { "witness-dot", 0, 0, G_OPTION_ARG_FILENAME, &witness_out, "Draw each race's witness: the net at STEM.VAR.EXT, a sequence diagram at STEM.VAR-seq.EXT (OUT = STEM.EXT); each deadlock's sequence diagram at STEM.QUESTION-seq.EXT", "OUT" },
    { "witness-format", 0, 0, G_OPTION_ARG_STRING, &witness_format_name, "Picture format: dot, svg, png, pdf (default: from OUT's extension)", "FORMAT" },
    { "witness-var", 0, 0, G_OPTION_ARG_STRING, &witness_var, "Draw only VAR's witness: at OUT and STEM-seq.EXT; with --witness, write VAR's race", "VAR" },
    { "witness", 0, 0, G_OPTION_ARG_FILENAME, &witness_file, "Write the first race's witness (VAR's with --witness-var) to FILE in the SV-COMP YAML witness format 2.2 (C inputs only)", "FILE" },
    { "html", 0, 0, G_OPTION_ARG_FILENAME, &html_dir, "Also write a self-contained HTML report to DIR/index.html", "DIR" },
    { "baseline", 0, 0, G_OPTION_ARG_FILENAME, &baseline, "Accept the races and deadlocks an earlier JSON report FILE shows: report them as suppressed, exit status 1 only for new ones", "FILE" },
    { "source-root", 0, 0, G_OPTION_ARG_FILENAME, &source_root, "SARIF: name files under DIR relative to it, as %SRCROOT% (default: the current directory)", "DIR" },
    { "certificate", 0, 0, G_OPTION_ARG_FILENAME, &cert_out, "Write a proof certificate of each race-free verdict to FILE (see 'racefree verify-cert')", "FILE" },
    { "help", 'h', 0, G_OPTION_ARG_NONE, &help, "Show this help", NULL },
    { NULL },
  };
  g_auto (CArgs) cargs = { 0 };
  g_autoptr (GPtrArray) keep = g_ptr_array_new_with_free_func (g_free);
  cli_c_args_presplit (&argc, &argv, keep);
  g_autoptr (GOptionContext) ctx = g_option_context_new ("FILE.sml | FILE.c...");
  g_option_context_set_summary (ctx, "Decide for every shared variable whether two threads can access it at once,\n"
                                     "one of them writing; for every cycle of the lock-order graph whether threads\n"
                                     "can deadlock on it; for every misuse of a mutex or a spinlock (a relock, an\n"
                                     "unlock not held, an end holding it, a block under a spinlock) whether a thread\n"
                                     "makes it; and shows the waits no thread can end any more (lost wake-ups).\n"
                                     "Prints one verdict per question, and for a race, a deadlock or a misuse the\n"
                                     "interleaving that leads to it.");
  g_option_context_set_description (ctx, "Exit status: 0 all race-free and deadlock-free, 1 a race, a deadlock, a misuse\n"
                                         "or a lost wake-up shown (not suppressed), 2 usage or input error, 3 some\n"
                                         "verdict unknown (budget exhausted), 130 interrupted (the verdicts decided so\n"
                                         "far reported).");
  g_option_context_add_main_entries (ctx, entries, NULL);
  cli_c_args_add_entries (ctx, &cargs);
  int done = cli_parse_options (ctx, &argc, &argv, &help, out, err, "check");
  if (done >= 0)
    return done;
  RfChecks checks = parse_checks (check_list, err);
  if (!checks)
    return RF_EXIT_INPUT;
  RfCoverBudget budget;
  if (!cli_search_budget (&ba, start_us, &budget, err, "check"))
    return RF_EXIT_INPUT;
  budget.certify = cert_out != NULL;
  if (cert_out && !cli_certificate_usable (cert_out, err, "check"))
    return RF_EXIT_INPUT;
  const RfReportFormat *format = cli_choose_format (format_name, FALSE, err, "check");
  if (!format)
    return RF_EXIT_INPUT;
  const char *picture_format = NULL;
  if ((!witness_out && witness_format_name) || (!witness_out && !witness_file && witness_var))
    {
      rf_out_printf (err, "racefree check: error: %s\nTry 'racefree check --help'.\n",
                     witness_format_name ? "--witness-format needs --witness-dot"
                                         : "--witness-var needs --witness-dot or --witness");
      return RF_EXIT_INPUT;
    }
  if (witness_file && (!*witness_file || strcmp (witness_file, "-") == 0))
    {
      rf_out_puts (err, "racefree check: error: --witness needs a file name\n"
                   "Try 'racefree check --help'.\n");
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
      cli_print_error (err, "check", "--html", dir_error);
      return RF_EXIT_INPUT;
    }
  g_autofree const char **files = cli_positional (argc, argv);
  if (witness_file && !check_witness_file (files, witness_file, err))
    return RF_EXIT_INPUT;
  g_autoptr (RfCheckResult) res = rf_check_result_new (files);
  rf_check_result_set_checks (res, checks);
  rf_check_result_set_quick (res, !search_only);
  rf_check_result_set_focus (res, !whole_net);
  RfDriverOptions dopts = cli_driver_options (&cargs, NULL);
  /* Ctrl-C from here on: reading the program and building its net go on to their end
   * (a second Ctrl-C ends the process), then every verdict not decided is unknown. */
  cli_interrupt_begin (&budget);
  if (!cli_load_inputs (res, RF_DRIVER_PROGRAM, &dopts, max_errors, err, "check"))
    return (cli_interrupt_end (), RF_EXIT_INPUT);
  /* Suppressions are known before the check: each verdict is written as it comes. */
  {
    g_autoptr (RfDiags) said = rf_diags_new ();
    rf_suppress_read_allowances (res, said);
    cli_write_diags (said, err);
    g_autoptr (GError) baseline_error = NULL;
    if (baseline && !rf_suppress_read_baseline (res, baseline, &baseline_error))
      {
        cli_print_error (err, "check", "--baseline", baseline_error);
        return (cli_interrupt_end (), RF_EXIT_INPUT);
      }
  }
  gint picture_var = -1;
  if (witness_var
      && (picture_var = cli_data_var (rf_check_result_get_program (res), witness_var, "--witness-var", err,
                                      "check")) < 0)
    return (cli_interrupt_end (), RF_EXIT_INPUT);
  if (witness_out && !check_witness_paths (rf_check_result_get_program (res), picture_var, witness_out, err))
    return (cli_interrupt_end (), RF_EXIT_INPUT);

  /* Each verdict's part of the report is written as soon as it is decided. */
  RfReportOptions opts = { stats, no_time, RF_EXIT_OK, start_wall_us, 0, source_root };
  Stream stream = { format, &opts, out, { err, FALSE } };
  cli_progress_begin (&budget, &stream.progress, format);
  if ((!(checks & RF_CHECK_RACES) || rf_driver_check_races (res, &budget, write_verdict, &stream))
      && (checks & (RF_CHECK_DEADLOCKS | RF_CHECK_MISUSE)))
    rf_driver_check_deadlocks (res, &budget, write_deadlock, &stream);
  cli_progress_end (&stream.progress);
  gboolean was_interrupted = cli_interrupt_end ();
  if (rf_out_failed (out, NULL))
    return RF_EXIT_INPUT;
  /* The rest of the report, once the exit status is known (SARIF's invocation; files
   * written after it may still fail, with exit status 2). */
  guint n_shown, n_suppressed, n_unknown;
  rf_check_result_count_findings (res, &n_shown, &n_suppressed, &n_unknown);
  opts.exit_code = was_interrupted ? RF_EXIT_INTERRUPTED : n_shown ? RF_EXIT_RACE
                   : n_unknown ? RF_EXIT_UNKNOWN : RF_EXIT_OK;
  opts.end_us = g_get_real_time ();
  cli_write_report (format->check, res, &opts, out);
  {
    g_autoptr (RfDiags) found = rf_diags_new ();
    if (format->diagnostics)
      format->diagnostics (res, found);
    rf_suppress_warn_unused (res, found);
    cli_write_diags (found, err);
  }
  if (rf_out_failed (out, NULL))
    return RF_EXIT_INPUT;
  if (cert_out && !cli_write_certificate (res, cert_out, err, "check"))
    return RF_EXIT_INPUT;
  if (html_dir)
    {
      g_autoptr (GString) page = g_string_new (NULL);
      rf_driver_read_sources (res);
      rf_report_html (res, &opts, page);
      if (!rf_report_html_write_dir (html_dir, page->str, page->len, &dir_error))
        {
          cli_print_error (err, "check", "--html", dir_error);
          return RF_EXIT_INPUT;
        }
    }
  if (witness_file && !write_witness_file (res, picture_var, witness_file, &opts, err))
    return RF_EXIT_INPUT;
  if (witness_out)
    {
      g_autofree char *base = cli_graph_name_of (files[0]);
      if (!write_witness_pictures (res, picture_var, witness_out, picture_format, base, err))
        return RF_EXIT_INPUT;
    }
  return opts.exit_code;
}
