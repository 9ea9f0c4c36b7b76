from decklint.cli import main

main()
