# bash completion for racefree(1): commands, each command's options (tests/completion-check.py
# keeps the lists in step with `racefree COMMAND --help`), the values of the options that
# take a fixed set, and files of the kinds each command reads. Installed by `meson install`
# into bash-completion's completions directory.

_racefree_options()
{
  case "$1" in
    check)
      echo "--check --stats --backward-only --no-state-equation --search-only --whole-net --max-markings --timeout --max-memory
            --total-timeout --max-errors --format --no-time --witness-dot --witness-format --witness-var --witness
            --html --baseline --source-root --certificate --help --include --define --undef --std --entry
            --init --no-library-state --inline-budget --version" ;;
    model)
      echo "--max-errors --help --include --define --undef --std --entry --init --no-library-state --inline-budget --version" ;;
    net)
      echo "--format --output --slice --stats --max-errors --help --include --define --undef --std --entry --init
            --no-library-state --inline-budget --version" ;;
    cover)
      echo "--prop --stats --backward-only --no-state-equation --timeout --max-markings --max-memory
            --total-timeout --max-errors --format --no-time --certificate --help --version" ;;
    verify-cert)
      echo "--help --version" ;;
  esac
}

_racefree()
{
  local cur prev cmd
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev=""
  [ "$COMP_CWORD" -gt 0 ] && prev="${COMP_WORDS[COMP_CWORD-1]}"
  COMPREPLY=()

  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "check model net cover verify-cert help --help --version" -- "$cur"))
    return 0
  fi
  cmd="${COMP_WORDS[1]}"
  if [ "$cmd" = help ]; then
    [ "$COMP_CWORD" -eq 2 ] && COMPREPLY=($(compgen -W "check model net cover verify-cert" -- "$cur"))
    return 0
  fi

  # the value of an option
  case "$cmd:$prev" in
    check:--format|check:-f|cover:--format|cover:-f)
      COMPREPLY=($(compgen -W "text json sarif" -- "$cur")); return 0 ;;
    net:--format|net:-f|check:--witness-format)
      COMPREPLY=($(compgen -W "dot svg png pdf" -- "$cur")); return 0 ;;
    check:--check)
      COMPREPLY=($(compgen -W "races deadlocks misuse all" -- "$cur")); return 0 ;;
    *:--std)
      COMPREPLY=($(compgen -W "c89 c99 c11 c17 c2x gnu89 gnu99 gnu11 gnu17 gnu2x" -- "$cur")); return 0 ;;
    *:--html|*:--source-root|*:--include|*:-I)
      COMPREPLY=($(compgen -d -- "$cur")); return 0 ;;
    *:--baseline)
      COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
    *:--witness-dot|*:--witness|*:--certificate|*:--output|*:-o|*:--prop)
      COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
    *:--max-markings|*:--timeout|*:--max-memory|*:--total-timeout|*:--max-errors|*:--witness-var|*:--slice|\
    *:--entry|*:--init|*:--define|*:-D|*:--undef|*:-U)
      return 0 ;;
  esac

  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$(_racefree_options "$cmd")" -- "$cur"))
    return 0
  fi
  # an input file of the kinds the command reads, or a directory on the way to one
  local exts f
  case "$cmd" in
    check|model|net) exts="c i sml" ;;
    cover) exts="spec tts" ;;
    *) exts="" ;;
  esac
  local IFS=$'\n'
  for f in $(compgen -f -- "$cur"); do
    if [ -d "$f" ] || [ -z "$exts" ] || [[ " $exts " == *" ${f##*.} "* ]]; then
      COMPREPLY+=("$f")
    fi
  done
  return 0
}

complete -o filenames -F _racefree racefree
