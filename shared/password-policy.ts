/**
 * The password rule for sign-up, reset and change (OWASP ASVS 5.0, 6.2.1 and 6.2.4): at least 8 characters
 * and not one of the passwords attackers try first. It overrides the spec's 6 characters.
 *
 * Where it is enforced: Cognito enforces the length (the pool's policy, infra/lib/auth.ts, and the local
 * pool made by infra/local/cloud.ts). Sign-up and reset go from the browser to Cognito, which never hands
 * the password to our triggers, so there the common-password check runs in the forms only (a client that
 * skips them can still pick one of these); a change in account settings goes through the API
 * (POST /api/me/password), which checks all of it.
 */

export const passwordMinLength = 8;

/** Why a password is refused, or null when it is acceptable. */
export type PasswordProblem = 'tooShort' | 'common';

/*
 * Written for this project from the patterns that top every breach-derived ranking (keyboard walks, digit
 * runs, "password" and its leetspeak, names, teams, years, phrases). Only entries of 8 or more characters:
 * anything shorter already fails the length rule. Lower case, because the check ignores case.
 */
const commonPasswords: ReadonlySet<string> = new Set(
  `
password password1 password12 password123 password1234 password12345 password! password1! password123!
passw0rd passw0rd1 p@ssword p@ssw0rd p@ssw0rd1 p@ssword1 p@55w0rd pa55word pa55w0rd passpass passwort
passwort1 motdepasse contraseña contrasena senha123 senha1234 senhasenha mudar123 mudar@123 trocar123
12345678 123456789 1234567890 12345678910 0123456789 987654321 9876543210 87654321 11111111 111111111
1111111111 00000000 000000000 0000000000 22222222 33333333 44444444 55555555 66666666 77777777 88888888
99999999 12341234 12121212 11223344 11112222 12344321 13131313 147258369 123123123 123321123 123456123
123456abc 123456789a 1234567a 1234567q 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y 1qaz2wsx 1qaz2wsx3edc
1qazxsw2 zaq12wsx zaq1zaq1 zaq1xsw2 q1w2e3r4 q1w2e3r4t5 q1w2e3r4t5y6 qwertyui qwertyuiop qwerty12
qwerty123 qwerty1234 qwerty123456 qwerty1! qwertyqwerty qwerasdf qwer1234 asdfghjk asdfghjkl asdf1234
asdfasdf asdfqwer zxcvbnm1 zxcvbnm123 zxcvbnmm zxcvasdf azertyui azerty123 azertyuiop qazwsxedc
qazwsx123 1234qwer 1234asdf 123qweasd 123qweasdzxc qweasdzxc qweasd123 abc12345 abcd1234 abcdefgh
abcdefg1 abcdefgh1 abc123456 abc123abc a1b2c3d4 a1b2c3d4e5 aa123456 aaaaaaaa aaaaaaaaa abcabcabc
iloveyou iloveyou1 iloveyou2 iloveyou! iloveu123 loveyou1 lovelove lovely123 sunshine sunshine1
princess princess1 football football1 baseball baseball1 basketball soccer123 hockey123 superman
superman1 batman123 spiderman starwars starwars1 pokemon1 pokemon123 minecraft minecraft1 fortnite
whatever whatever1 trustno1 letmein1 letmein123 welcome1 welcome12 welcome123 welcome! welcome2024
welcome2025 welcome2026 changeme changeme1 changeme123 computer computer1 internet internet1
michelle jennifer jessica1 jordan23 michael1 charlie1 anthony1 matthew1 danielle samantha elizabeth
victoria jonathan christian alexander alexandra mercedes chocolate chocolate1 butterfly butterfly1
cookie123 monkey123 dragon123 shadow123 master123 master12 mustang1 midnight midnight1 blink182
liverpool liverpool1 chelsea1 arsenal1 barcelona realmadrid juventus manchester flamengo corinthians
palmeiras saopaulo vasco123 gremio123 brasil123 brasil2014 portugal benfica1 argentina colombia
1qaz!qaz p@ssw0rd! q1w2e3r4! admin123 admin1234 administrator adminadmin admin@123 root1234 toor1234
test1234 test12345 testtest tester123 guest123 user1234 user12345 demo1234 default1 secret12 secret123
letmein! access14 access123 login123 loginlogin system123 oracle123 database server123 office123
computer123 samsung1 samsung123 iphone123 android1 google123 facebook facebook1 linkedin1 linkedin123
microsoft apple123 netflix1 amazon123 twitter1 instagram youtube1 myspace1 hotmail1 yahoo123 gmail123
summer2024 summer2025 summer2026 winter2024 winter2025 spring2025 autumn2025 january1 february
december november october1 september monday123 friday13 sunday123 holiday1 christmas christmas1
newyork1 california london123 paris123 berlin123 chicago1 phoenix1 dallas123 jackson1 freedom1
football123 baseball123 superstar rockstar1 rockyou1 playboy1 sexy1234 hellokitty hello123 hello1234
helloworld hello1234! goodluck goodbye1 nothing1 anything everything something forever1 forever21
family123 family1234 mother123 father123 brother1 sister123 daddy123 mommy123 grandma1 children
jesus123 jesuschrist blessed1 godisgood faithful angel123 angels12 heaven123 trinity1 genesis1
pussycat kittycat doggy123 puppy123 tigger12 tigger123 buster123 maggie12 pepper123 ginger12 bailey12
harley12 thunder1 lightning tinkerbell cheese123 banana123 orange123 cherry12 peaches1 strawberry
pineapple blueberry watermelon coffee123 pizza123 pepperoni hamburger chicken1 bubbles1 rainbow1
sparkle1 flower12 flowers1 diamond1 diamonds crystal1 silver123 golden123 purple123 yellow123
blue1234 red12345 green123 black123 white123 orange12 qwerty11 qwerty01 qwerty99 asdf12345
1234abcd 12345abc 12345qwert 12345qwe 123456qwe 123456qwerty 1234qwerasdf zxcv1234 poiuytrewq
mnbvcxz1 lkjhgfdsa 0987654321 09876543 135792468 246813579 13579246 24682468 1a2b3c4d 2wsx3edc
3edc4rfv 4rfv5tgb !qaz2wsx !qaz@wsx qazwsxedcrfv qazxswedc q2w3e4r5 w1e2r3t4 passw0rd! p4ssw0rd
p4ssword pa$$word pa$$w0rd passwd123 pass1234 pass12345 pass@123 pass@word1 pa55word1 password01
password02 password11 password99 password2024 password2025 password2026 letmein2024 iloveyou123
teamo123 teamo1234 teamomucho tequiero1 amormio1 meuamor1 euteamo euteamo1 beijinho
saudade1 gatinha1 gatinho1 princesa princesa1 bonita123 bonito123 querida1 estrela1 felicidade
obrigado brasileiro 102030405060 10203040 1020304050 123mudar mudar1234 senha@123 abc@1234 abc@123456
welcome@123 admin@1234 india123 india@123 pakistan bangladesh nigeria1 kenya123 philippines
indonesia malaysia1 singapore vietnam1 thailand mexico123 chile123 peru1234 colombia1 ecuador1
`
    .trim()
    .split(/\s+/),
);

/** Whether the password is among the most common ones, ignoring case and surrounding spaces. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.trim().toLowerCase());
}

/** The first problem with a new password, or null. Length counts code points, so an accented letter is one. */
export function passwordProblem(password: string): PasswordProblem | null {
  if ([...password].length < passwordMinLength) return 'tooShort';
  if (isCommonPassword(password)) return 'common';
  return null;
}

/** Why a password chosen to replace the current one is refused: the rule above, or being the same one. */
export type PasswordChangeProblem = PasswordProblem | 'same';

/** The first problem with `next` as the replacement of `current`, or null. */
export function passwordChangeProblem(current: string, next: string): PasswordChangeProblem | null {
  return passwordProblem(next) ?? (next === current ? 'same' : null);
}
