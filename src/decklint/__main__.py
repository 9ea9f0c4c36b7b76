from decklint._entry import main

main()
